/**
 * Where an export may be written. A result sheet must never destroy what it vouches for, so a target is refused
 * when, after resolving symlinks and `..` (and folding case where the volume ignores it), it lies:
 *   - inside any race folder (a folder holding a race document or an audit log, looked for up the tree), except
 *     this race's own `exports/` folder; its export record there is refused too;
 *   - on a source file of this race, or in the folder of its frames (the footage is evidence).
 * An existing file is replaced only when it is an earlier export of this race (its SHA-256 is in the race's export
 * record) or when the caller says so (`overwrite`).
 */
import { lstat, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT, type EvidenceManifest } from '../domain/race/evidence.js';
import { realPathOf, samePlace } from '../security/path-identity.js';
import { sha256File } from '../store/sha256.js';
import { exportLogPath, recordedExportHashes } from './export-log.js';

export interface TargetRules {
  raceDir: string;
  manifest: Pick<EvidenceManifest, 'source' | 'timing'>;
  /** Replace an existing file that is not an earlier export of this race. */
  overwrite: boolean;
}

/** Thrown for an existing file that is not an earlier export: the app asks the official, the CLI names --force. */
export class ExportOverwriteError extends UserError {
  readonly file: string;
  constructor(file: string) {
    super(`${file}: a file of that name already exists and is not an earlier export of this race; nothing was written`, 'CONFLICT', { hint: 'replace-file', facts: { file } });
    this.file = file;
  }
}

/** The nearest folder at or above `dir` that holds a race document or an audit log, or null. */
export async function raceFolderAbove(dir: string): Promise<string | null> {
  let at = dir;
  for (;;) {
    for (const marker of [RACE_LAYOUT.document, RACE_LAYOUT.audit]) {
      if (await lstat(path.join(at, marker)).then(() => true, () => false)) return at;
    }
    const parent = path.dirname(at);
    if (parent === at) return null;
    at = parent;
  }
}

/** The places `file` stands for on disk: its real path, and where it points if it is a symlink. */
async function placesOf(file: string): Promise<string[]> {
  const real = path.join(await realPathOf(path.dirname(file)), path.basename(file));
  const link = await lstat(real).catch(() => null);
  if (!link?.isSymbolicLink()) return [real];
  const pointed = path.resolve(path.dirname(real), await readlink(real));
  return [real, await realPathOf(pointed)];
}

/** Single source files (video, timestamps file) and the folders that hold frames, whole folders being evidence. */
function sourcesOf(manifest: TargetRules['manifest']): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders = new Set<string>();
  if (manifest.source.kind === 'frames') for (const f of manifest.source.files) folders.add(path.dirname(f.path));
  else files.push(manifest.source.path, ...manifest.source.files.map((f) => f.path));
  if (manifest.timing.kind === 'timestamps') files.push(manifest.timing.file.path);
  return { files: [...new Set(files)], folders: [...folders] };
}

async function checkPlace(given: string, place: string, rules: TargetRules): Promise<void> {
  const parent = path.dirname(place);
  const race = await raceFolderAbove(parent);
  if (race !== null) {
    const ownRace = await samePlace(race, rules.raceDir);
    if (!(ownRace && (await samePlace(parent, path.join(rules.raceDir, RACE_LAYOUT.exportsDir))))) {
      throw new UserError(
        ownRace
          ? `${given}: lies inside this race's folder; exports go into its exports/ folder or outside any race folder`
          : `${given}: lies inside the race folder ${race}, another race's; this race's exports go into its own exports/ folder or outside any race folder`,
        'FORBIDDEN',
      );
    }
    if (await samePlace(place, exportLogPath(rules.raceDir))) throw new UserError(`${given}: is the race's record of its exports`, 'FORBIDDEN');
  }
  const { files, folders } = sourcesOf(rules.manifest);
  for (const source of files) {
    if (await samePlace(place, source)) throw new UserError(`${given}: is a source file of this race (${source}); footage is evidence and is never overwritten`, 'FORBIDDEN');
  }
  for (const folder of folders) {
    if (await samePlace(parent, folder)) {
      throw new UserError(`${given}: lies in the folder of this race's frames (${folder}); footage folders are evidence and are never written to`, 'FORBIDDEN');
    }
  }
}

/** Checks one target; throws a UserError naming `file` (as given) when it may not be written. */
export async function checkExportTarget(file: string, rules: TargetRules, recorded: () => Promise<Set<string>>): Promise<void> {
  const abs = path.resolve(file);
  for (const place of await placesOf(abs)) await checkPlace(file, place, rules);
  const parent = path.dirname(abs);
  const st = await stat(parent).catch(() => null);
  if (!st?.isDirectory()) throw new UserError(`${file}: folder ${parent} does not exist`, 'NOT_FOUND');
  const existing = await stat(abs).catch(() => null);
  if (existing?.isDirectory()) throw new UserError(`${file}: is a folder, give a file name`, 'INVALID_ARGUMENT');
  if (existing && !rules.overwrite) {
    const { sha256 } = await sha256File(abs);
    if (!(await recorded()).has(sha256)) throw new ExportOverwriteError(file);
  }
}

/** Checks every target (the export record is read once, and only if some target already exists). */
export async function checkExportTargets(files: readonly string[], rules: TargetRules): Promise<void> {
  let hashes: Promise<Set<string>> | null = null;
  const recorded = () => (hashes ??= recordedExportHashes(rules.raceDir));
  for (const f of files) await checkExportTarget(f, rules, recorded);
}
