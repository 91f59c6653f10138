/**
 * `evidence/suggestions.json`: the suggestions the build stored with the evidence, written and read back. Reading
 * checks the file against the SHA-256 the manifest gives it (it is evidence: a changed file is refused, never used).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EdgeSuggestion } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { sha256Bytes } from '../store/sha256.js';

const SCHEMA = 'photofinish.suggestions';

export function storedEdgesBytes(edges: readonly EdgeSuggestion[]): Uint8Array {
  return Buffer.from(`${JSON.stringify({ schema: SCHEMA, schemaVersion: 1, edges }, null, 2)}\n`);
}

/** The stored suggestions, or null for a race built without them. */
export async function readStoredEdges(racePath: string, manifest: EvidenceManifest): Promise<EdgeSuggestion[] | null> {
  const entry = manifest.suggestions;
  if (!entry) return null;
  const file = path.join(racePath, entry.path);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new UserError(`${file}: the race's stored suggestions are missing`, 'NOT_FOUND');
  }
  if (sha256Bytes(bytes) !== entry.sha256) throw new UserError(`${file}: the stored suggestions do not match their SHA-256 in the evidence manifest`, 'CONFLICT');
  const parsed = JSON.parse(bytes.toString('utf8')) as { schema?: string; edges?: EdgeSuggestion[] };
  if (parsed.schema !== SCHEMA || !Array.isArray(parsed.edges)) throw new UserError(`${file}: not a suggestions file`, 'CONFLICT');
  return parsed.edges;
}
