/**
 * Writes a race's exports: the PDF result sheet, CSV, JSON, FinishLynx .lif, the annotated PNG and the posted photo
 * (JPEG). Files named explicitly are written where asked; with none named, the first five (or the kinds asked for)
 * go into the race's `exports/` folder, named after the race and its revision. Every file is written atomically (a reader never sees half a sheet) and reported with
 * its size and SHA-256. The evidence folders are never written to.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExportResult, RaceView } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { systemErrorCondition, systemErrorToUserError } from '../domain/system-errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { sha256Bytes } from '../store/sha256.js';
import { renderAnnotatedPng } from './annotated-png.js';
import { PLAIN_LATIN } from '../domain/text/cp1252.js';
import { resultsCsv } from './csv.js';
import { exportLogKey, recordExports } from './export-log.js';
import { checkExportTargets } from './export-target.js';
import { readRaceEvidence, type RaceEvidence } from './evidence-files.js';
import { resultsJson } from './json.js';
import { lifHeader, resultsLif } from './lif.js';
import type { LifPrecision } from './lif-format.js';
import { renderResultSheet } from './pdf/result-sheet.js';
import { renderPostedPhoto } from './photo/posted-photo.js';
import { exportBaseName } from './sheet/describe.js';
import type { Paper } from './pdf/sheet-writer.js';

export type ExportKind = 'pdf' | 'csv' | 'json' | 'lif' | 'png' | 'photo';
export const EXPORT_KINDS: readonly ExportKind[] = ['pdf', 'csv', 'json', 'lif', 'png', 'photo'];
/** Written when no kind is asked for: the sheet and data files (the posted photo is asked for by name). */
export const DEFAULT_KINDS: readonly ExportKind[] = ['pdf', 'csv', 'json', 'lif', 'png'];
const EXTENSION: Record<ExportKind, string> = { pdf: 'pdf', csv: 'csv', json: 'json', lif: 'lif', png: 'png', photo: 'jpg' };

export interface ExportOptions {
  /** Files named explicitly; when none is, the default-named files go to `folder` (or `<race>/exports/`). */
  targets: Partial<Record<ExportKind, string>>;
  folder?: string;
  /** With default names: which kinds to write (all five by default). */
  kinds?: readonly ExportKind[];
  paper: Paper;
  software: { name: string; version: string };
  /** Replace existing files that are not earlier exports of this race (`--force`, or confirmed in the app). */
  overwrite?: boolean;
  /** The installation's data folder: its index of every race's sources and the key sealing export records. */
  dataDir?: string;
  /** The `.lif` time and delta fields' precision (the meet's database precision); by default the sport's. */
  lifPrecision?: LifPrecision;
}

/** "Men's 100 m, heat 2" → "mens-100-m-heat-2": safe on every file system, readable in a folder listing. */
export function fileSlug(text: string): string {
  const slug = [...text]
    .map((ch) => PLAIN_LATIN[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'race';
}

/** Default file of each kind in `dir` (by default `<race>/exports/`): `[012-1-03-]<event or race>-r<revision>[-provisional].<ext>`. */
export function defaultTargets(view: RaceView, raceDir: string, dir = path.join(raceDir, RACE_LAYOUT.exportsDir)): Record<ExportKind, string> {
  const base = `${exportBaseName(view, fileSlug)}-r${view.revision}${view.integrity?.ok === false ? '-not-verified' : view.certified ? '' : '-provisional'}`;
  return Object.fromEntries(EXPORT_KINDS.map((k) => [k, path.join(dir, `${base}.${EXTENSION[k]}`)])) as Record<ExportKind, string>;
}

async function render(kind: ExportKind, view: RaceView, ev: RaceEvidence, opts: ExportOptions): Promise<Buffer | { bytes: Buffer; fields: { name: string; value: string }[] }> {
  switch (kind) {
    case 'pdf':
      return (await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: opts.paper, software: opts.software })).pdf;
    case 'csv':
      return resultsCsv(view);
    case 'json':
      return resultsJson(view, ev.hashes, opts.software);
    case 'lif':
      return resultsLif(view, opts.lifPrecision);
    case 'png':
      return (await renderAnnotatedPng(view, ev.composite, ev.hashes)).png;
    case 'photo': {
      const photo = await renderPostedPhoto(view, ev.composite, ev.hashes, opts.software);
      return { bytes: photo.jpeg, fields: photo.fields };
    }
  }
}

export async function exportRaceFiles(view: RaceView, raceDir: string, opts: ExportOptions): Promise<ExportResult> {
  const named = EXPORT_KINDS.filter((k) => opts.targets[k] !== undefined);
  const skipped: NonNullable<ExportResult['skipped']> = [];
  let targets: Partial<Record<ExportKind, string>>;
  if (named.length === 0) {
    const dir = opts.folder ? path.resolve(opts.folder) : path.join(raceDir, RACE_LAYOUT.exportsDir);
    const all = defaultTargets(view, raceDir, dir);
    const kinds = opts.kinds?.length ? opts.kinds : DEFAULT_KINDS;
    targets = Object.fromEntries(kinds.filter((k) => k !== 'lif' || lifRefusal(view) === null).map((k) => [k, all[k]]));
    const refusal = kinds.includes('lif') ? lifRefusal(view) : null;
    // A set of files asked for by kind still gives the others; the .lif is said not written, with the remedy.
    if (refusal) skipped.push({ kind: 'lif', message: refusal.message, ...(refusal.hint ? { hint: refusal.hint } : {}) });
    if (opts.folder) {
      const st = await fs.stat(dir).catch(() => null);
      if (!st?.isDirectory()) throw new UserError(`${dir}: folder does not exist`, 'NOT_FOUND');
    } else {
      await fs.mkdir(dir, { recursive: true }).catch((err: unknown) => {
        throw new UserError(`${dir}: cannot be created (${systemErrorCondition(err)})`, 'FORBIDDEN', { hint: 'name-output-files' });
      });
    }
  } else {
    if (opts.folder || opts.kinds) throw new UserError('export: give either output files or a folder, not both', 'INVALID_ARGUMENT');
    targets = Object.fromEntries(named.map((k) => [k, path.resolve(opts.targets[k] as string)]));
    // A .lif named explicitly is refused outright, before anything is written.
    if (targets.lif !== undefined) lifHeader(view);
  }
  const kinds = EXPORT_KINDS.filter((k) => targets[k] !== undefined);
  const seen = new Map<string, ExportKind>();
  for (const k of kinds) {
    const file = targets[k] as string;
    const other = seen.get(file);
    if (other) throw new UserError(`${file}: named for both the ${other} and the ${k} export`, 'INVALID_ARGUMENT');
    seen.set(file, k);
  }
  const dataDir = opts.dataDir ?? null;
  const logKey = await exportLogKey(dataDir);
  await checkExportTargets(
    kinds.map((k) => targets[k] as string),
    { raceDir, manifest: view.evidence, overwrite: opts.overwrite === true, dataDir, logKey },
  );

  const ev = await readRaceEvidence(view, raceDir);
  const written: ExportResult['written'] = [];
  for (const kind of kinds) {
    const file = targets[kind] as string;
    const out = await render(kind, view, ev, opts);
    const bytes = Buffer.isBuffer(out) ? out : out.bytes;
    try {
      await writeFileAtomic(file, bytes);
    } catch (err) {
      throw systemErrorToUserError(err, file) ?? err;
    }
    const done = { kind, path: file, bytes: bytes.length, sha256: sha256Bytes(bytes) };
    written.push({ ...done, ...(Buffer.isBuffer(out) ? {} : { fields: out.fields }) });
    // Recorded file by file, so a later failure does not leave a written file unrecognised as this race's.
    await recordExports(raceDir, logKey, [{ at: new Date().toISOString(), ...done, revision: view.revision }]);
  }
  return { written, ...(skipped.length ? { skipped } : {}) };
}

/** Why the race's .lif cannot be written (no event number), or null. */
function lifRefusal(view: RaceView): UserError | null {
  try {
    lifHeader(view);
    return null;
  } catch (err) {
    if (err instanceof UserError) return err;
    throw err;
  }
}
