/**
 * SHA-256 as lower-case hex: the one hashing module (evidence, audit chain, exports, race ids). Text is hashed as
 * UTF-8; files are streamed in 1 MiB chunks, so a 4 GB video never sits in memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Sha256 } from '../domain/audit/chain.js';

export const sha256Text: Sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

export function sha256Bytes(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A file's hash and size, read once. */
export async function sha256File(file: string, signal?: AbortSignal): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20, ...(signal ? { signal } : {}) })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
