/**
 * The record of what export wrote for a race (`exports/exports-log.jsonl`: one line per file, its path, size and
 * SHA-256). An existing file may be replaced without asking only when its content is recorded here: it is an
 * earlier export of this race, whatever its name. The record is a convenience, not evidence: a race on read-only
 * media still exports elsewhere, only unrecorded.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RACE_LAYOUT } from '../domain/race/evidence.js';

export interface ExportLogEntry {
  at: string;
  kind: string;
  path: string;
  bytes: number;
  sha256: string;
  revision: number;
}

export const exportLogPath = (raceDir: string): string => path.join(raceDir, ...RACE_LAYOUT.exportsLog.split('/'));

/** SHA-256 of every file this race's exports wrote (damaged lines are skipped). */
export async function recordedExportHashes(raceDir: string): Promise<Set<string>> {
  const text = await readFile(exportLogPath(raceDir), 'utf8').catch(() => '');
  const hashes = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const sha256 = (JSON.parse(line) as Partial<ExportLogEntry> | null)?.sha256;
      if (typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256)) hashes.add(sha256);
    } catch {
      // A torn line from an interrupted append: that file is simply not recognised.
    }
  }
  return hashes;
}

/** Appends what was written; returns false (and writes nothing) where the race folder cannot be written. */
export async function recordExports(raceDir: string, entries: ExportLogEntry[]): Promise<boolean> {
  if (entries.length === 0) return true;
  const file = exportLogPath(raceDir);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return true;
  } catch {
    return false;
  }
}
