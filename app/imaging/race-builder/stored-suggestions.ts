/**
 * Suggestions stored with the evidence: the build asks the detector (handed in by the service, since detection sits
 * above imaging) for the leading edges of the race it has just written into its temporary folder, writes them as
 * `evidence/suggestions.json` and adds that file's SHA-256 to the manifest, all before the folder is renamed into
 * place: evidence is still written once. A detector that fails leaves the race without stored suggestions (it
 * detects on demand then); the build itself never fails for it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { RACE_LAYOUT, type EvidenceManifest } from '../../domain/race/evidence.js';
import { logUnexpected } from '../../runtime/log.js';
import { sha256Bytes } from '../../store/sha256.js';
import { writeManifest } from './write-evidence.js';

/** Detects the suggestions of the race folder given: its file's bytes and how many it holds. */
export type SuggestEdges = (raceFolder: string) => Promise<{ bytes: Uint8Array; count: number }>;

/** Writes the suggestions and the manifest naming them; returns the new manifest's SHA-256 (unchanged: the old one). */
export async function storeSuggestions(folder: string, manifest: EvidenceManifest, manifestSha256: string, suggest: SuggestEdges): Promise<string> {
  let found;
  try {
    found = await suggest(folder);
  } catch (err) {
    // A UserError (a composite too large to model at once) is the footage's, said again when someone detects.
    if (!(err instanceof UserError)) logUnexpected(err, 'detecting suggestions during the build', { folder });
    return manifestSha256;
  }
  await writeFile(path.join(folder, RACE_LAYOUT.suggestions), found.bytes);
  const withSuggestions: EvidenceManifest = { ...manifest, suggestions: { path: RACE_LAYOUT.suggestions, sha256: sha256Bytes(found.bytes), count: found.count } };
  return writeManifest(folder, withSuggestions);
}
