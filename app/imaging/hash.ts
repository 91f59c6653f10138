/** SHA-256 of evidence: every source file is hashed so a printed result can be traced to the exact footage. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20, signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
