/** SHA-256 as lower-case hex, of text (UTF-8) and of files (streamed, so a 4 GB video never sits in memory). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Sha256 } from '../domain/audit/chain.js';

export const sha256Text: Sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

export function sha256Bytes(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
