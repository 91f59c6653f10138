/** SHA-256 of evidence: every source file is hashed so a printed result can be traced to the exact footage. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';
import type { EvidenceFile } from '../domain/race/evidence.js';

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20, signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Reads one source frame during a build and hashes exactly the bytes that are decoded, so the evidence record
 * cannot differ from what went into the composite. A frame that vanished or cannot be read stops the build.
 */
export async function readEvidenceFile(file: string): Promise<{ buf: Buffer; evidence: EvidenceFile }> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`${file}: ${code === 'ENOENT' ? 'missing (was it moved during the build?)' : 'cannot be read'}`, 'NOT_FOUND');
  }
  return { buf, evidence: { path: file, bytes: buf.length, sha256: sha256Hex(buf) } };
}
