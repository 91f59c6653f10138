/**
 * Where an export may be written: the write guard's places (`store/write-guard.ts`: never inside a race folder
 * other than this race's own `exports/`, never on or among the sources of any race this installation knows, never
 * onto a non-regular file), and an existing file is replaced only when it is an earlier export of this race (a
 * sealed entry of its export record says this race wrote exactly these bytes) or when the caller says so
 * (`overwrite`; the guard's places stay refused).
 */
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { sha256File } from '../store/sha256.js';
import { sourcesOfManifest } from '../store/source-index.js';
import { checkWritableFile } from '../store/write-guard.js';
import { stat } from 'node:fs/promises';
import { isRecordedExport } from './export-log.js';

export interface TargetRules {
  raceDir: string;
  manifest: Pick<EvidenceManifest, 'source' | 'timing'> & Partial<Pick<EvidenceManifest, 'capture'>>;
  /** Replace an existing file that is not an earlier export of this race. */
  overwrite: boolean;
  /** The data folder (index of every known race's sources); null: only this race's own sources are known. */
  dataDir: string | null;
  /** The installation's export-record key (null: no earlier export is recognised). */
  logKey: Buffer | null;
}

/** Thrown for an existing file that is not an earlier export: the app asks the official, the CLI names --force. */
export class ExportOverwriteError extends UserError {
  readonly file: string;
  constructor(file: string) {
    super(`${file}: a file of that name already exists and is not an earlier export of this race; nothing was written`, 'CONFLICT', { hint: 'replace-file', facts: { file } });
    this.file = file;
  }
}

/** Checks one target; throws a UserError naming `file` (as given) when it may not be written. */
export async function checkExportTarget(file: string, rules: TargetRules): Promise<void> {
  await checkWritableFile(file, { dataDir: rules.dataDir, ownRace: rules.raceDir, ownSources: sourcesOfManifest(rules.manifest) });
  const abs = path.resolve(file);
  const existing = await stat(abs).catch(() => null);
  if (existing && !rules.overwrite) {
    const { sha256, bytes } = await sha256File(abs);
    if (!(await isRecordedExport(rules.raceDir, rules.logKey, bytes, sha256))) throw new ExportOverwriteError(file);
  }
}

/** Checks every target. */
export async function checkExportTargets(files: readonly string[], rules: TargetRules): Promise<void> {
  for (const f of files) await checkExportTarget(f, rules);
}
