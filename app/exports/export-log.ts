/**
 * The record of what export wrote for a race (`exports/exports-log.jsonl`: one line per file, its path, size and
 * SHA-256, sealed with an HMAC under a secret of this installation kept in its data folder). An existing file may
 * be replaced without asking only when the file on disk still hashes to what an entry says was written for this race
 * (whatever its name now) and the entry's seal is this installation's, for this race: a log written by hand, or lines
 * copied from another race's or installation's log, grant nothing. The record is a convenience, not evidence: a race on read-only media still exports
 * elsewhere, only unrecorded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { installationSecret } from '../security/installation-secret.js';
import { realPathOf } from '../security/path-identity.js';

export interface ExportLogEntry {
  at: string;
  kind: string;
  path: string;
  bytes: number;
  sha256: string;
  revision: number;
  /** HMAC-SHA256 (hex) of the race folder's real path, the size and the SHA-256, under the installation's export-log secret. */
  seal?: string;
}

export const exportLogPath = (raceDir: string): string => path.join(raceDir, ...RACE_LAYOUT.exportsLog.split('/'));

const SECRET_NAME = 'export-log';

const sealOf = async (key: Buffer, raceDir: string, bytes: number, sha256: string) =>
  createHmac('sha256', key).update(`photofinish.export\n${await realPathOf(raceDir)}\n${bytes}\n${sha256}`).digest('hex');

/** The key sealing export records, or null where there is no data folder (nothing is then recognised). */
export const exportLogKey = (dataDir: string | null): Promise<Buffer | null> => (dataDir ? installationSecret(dataDir, SECRET_NAME) : Promise.resolve(null));

/** True when the race's record holds an entry sealed for this race with this size and SHA-256. */
export async function isRecordedExport(raceDir: string, key: Buffer | null, bytes: number, sha256: string): Promise<boolean> {
  if (!key) return false;
  const text = await readFile(exportLogPath(raceDir), 'utf8').catch(() => '');
  const expected = Buffer.from(await sealOf(key, raceDir, bytes, sha256), 'hex');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const seal = (JSON.parse(line) as Partial<ExportLogEntry> | null)?.seal;
      if (typeof seal === 'string' && /^[0-9a-f]{64}$/.test(seal) && timingSafeEqual(Buffer.from(seal, 'hex'), expected)) return true;
    } catch {
      // A torn line from an interrupted append: that file is simply not recognised.
    }
  }
  return false;
}

/** Appends what was written (sealed where there is a key); returns false (and writes nothing) where the race folder cannot be written. */
export async function recordExports(raceDir: string, key: Buffer | null, entries: ExportLogEntry[]): Promise<boolean> {
  if (entries.length === 0) return true;
  const file = exportLogPath(raceDir);
  try {
    const sealed = await Promise.all(entries.map(async (e) => (key ? { ...e, seal: await sealOf(key, raceDir, e.bytes, e.sha256) } : e)));
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, sealed.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return true;
  } catch {
    return false;
  }
}
