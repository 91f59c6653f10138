/** A source frame as evidence: every source file is hashed so a printed result can be traced to the exact footage. */
import { readFile } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';
import type { EvidenceFile } from '../domain/race/evidence.js';
import { sha256Bytes } from '../store/sha256.js';

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
  return { buf, evidence: { path: file, bytes: buf.length, sha256: sha256Bytes(buf) } };
}
