/**
 * Writes a race's exports: the PDF result sheet, CSV, JSON, FinishLynx .lif and the annotated PNG. Files named
 * explicitly are written where asked; with none named, all five go into the race's `exports/` folder, named after
 * the race and its revision. Every file is written atomically (a reader never sees half a sheet) and reported with
 * its size and SHA-256. The evidence folders are never written to.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExportResult, RaceView } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { renderAnnotatedPng } from './annotated-png.js';
import { PLAIN_LATIN } from './cp1252.js';
import { resultsCsv } from './csv.js';
import { readRaceEvidence, type RaceEvidence } from './evidence-files.js';
import { resultsJson } from './json.js';
import { resultsLif } from './lif.js';
import { renderResultSheet } from './pdf/result-sheet.js';
import type { Paper } from './pdf/sheet-writer.js';

export type ExportKind = 'pdf' | 'csv' | 'json' | 'lif' | 'png';
export const EXPORT_KINDS: readonly ExportKind[] = ['pdf', 'csv', 'json', 'lif', 'png'];

export interface ExportOptions {
  /** Files named explicitly; when none is, the default-named files go to `folder` (or `<race>/exports/`). */
  targets: Partial<Record<ExportKind, string>>;
  folder?: string;
  /** With default names: which kinds to write (all five by default). */
  kinds?: readonly ExportKind[];
  paper: Paper;
  software: { name: string; version: string };
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

/** Default file of each kind in `dir` (by default `<race>/exports/`): `<race>-r<revision>[-provisional].<ext>`. */
export function defaultTargets(view: RaceView, raceDir: string, dir = path.join(raceDir, RACE_LAYOUT.exportsDir)): Record<ExportKind, string> {
  const base = `${fileSlug(view.meta.name)}-r${view.revision}${view.certified ? '' : '-provisional'}`;
  return Object.fromEntries(EXPORT_KINDS.map((k) => [k, path.join(dir, `${base}.${k}`)])) as Record<ExportKind, string>;
}

async function checkTarget(file: string, raceDir: string): Promise<void> {
  const resolved = path.resolve(file);
  for (const protectedDir of ['evidence', RACE_LAYOUT.tilesDir]) {
    const p = path.resolve(raceDir, protectedDir);
    if (resolved === p || resolved.startsWith(p + path.sep)) throw new UserError(`${file}: exports may not be written into the race's ${protectedDir}/ folder`, 'FORBIDDEN');
  }
  for (const own of [RACE_LAYOUT.document, RACE_LAYOUT.audit]) {
    if (resolved === path.resolve(raceDir, own)) throw new UserError(`${file}: refusing to overwrite the race's ${own}`, 'FORBIDDEN');
  }
  const parent = path.dirname(resolved);
  const st = await fs.stat(parent).catch(() => null);
  if (!st?.isDirectory()) throw new UserError(`${file}: folder ${parent} does not exist`, 'NOT_FOUND');
  const existing = await fs.stat(resolved).catch(() => null);
  if (existing?.isDirectory()) throw new UserError(`${file}: is a folder, give a file name`, 'INVALID_ARGUMENT');
}

async function render(kind: ExportKind, view: RaceView, ev: RaceEvidence, opts: ExportOptions): Promise<Buffer> {
  switch (kind) {
    case 'pdf':
      return (await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: opts.paper, software: opts.software })).pdf;
    case 'csv':
      return resultsCsv(view);
    case 'json':
      return resultsJson(view, ev.hashes, opts.software);
    case 'lif':
      return resultsLif(view);
    case 'png':
      return (await renderAnnotatedPng(view, ev.composite, ev.hashes)).png;
  }
}

export async function exportRaceFiles(view: RaceView, raceDir: string, opts: ExportOptions): Promise<ExportResult> {
  const named = EXPORT_KINDS.filter((k) => opts.targets[k] !== undefined);
  let targets: Partial<Record<ExportKind, string>>;
  if (named.length === 0) {
    const dir = opts.folder ? path.resolve(opts.folder) : path.join(raceDir, RACE_LAYOUT.exportsDir);
    const all = defaultTargets(view, raceDir, dir);
    const kinds = opts.kinds?.length ? opts.kinds : EXPORT_KINDS;
    targets = Object.fromEntries(kinds.map((k) => [k, all[k]]));
    if (opts.folder) {
      const st = await fs.stat(dir).catch(() => null);
      if (!st?.isDirectory()) throw new UserError(`${dir}: folder does not exist`, 'NOT_FOUND');
    } else {
      await fs.mkdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        throw new UserError(`${dir}: cannot be created (${err.code ?? 'error'})`, 'FORBIDDEN', { hint: 'name-output-files' });
      });
    }
  } else {
    if (opts.folder || opts.kinds) throw new UserError('export: give either output files or a folder, not both', 'INVALID_ARGUMENT');
    targets = Object.fromEntries(named.map((k) => [k, path.resolve(opts.targets[k] as string)]));
  }
  const kinds = EXPORT_KINDS.filter((k) => targets[k] !== undefined);
  const seen = new Map<string, ExportKind>();
  for (const k of kinds) {
    const file = targets[k] as string;
    const other = seen.get(file);
    if (other) throw new UserError(`${file}: given for both --${other} and --${k}`, 'INVALID_ARGUMENT');
    seen.set(file, k);
    await checkTarget(file, raceDir);
  }

  const ev = await readRaceEvidence(view, raceDir);
  const written: ExportResult['written'] = [];
  for (const kind of kinds) {
    const file = targets[kind] as string;
    const bytes = await render(kind, view, ev, opts);
    try {
      await writeFileAtomic(file, bytes);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new UserError(`${file}: cannot be written (${code})`, code === 'EACCES' || code === 'EPERM' ? 'FORBIDDEN' : 'USER_ERROR');
    }
    written.push({ kind, path: file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return { written };
}
