/**
 * Which capture folders this user has recorded and not yet seen built (`captures.json` in the data folder, written
 * atomically), so that a recording the app never got to build, because it closed or crashed, is offered on the next
 * start. A convenience list, never evidence: a damaged list reads as empty, and the folders themselves are the truth.
 */
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { UnfinishedCapture } from '../domain/capture/capture-results.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { readCaptureRecord, readTimedFrames } from './recover-capture.js';

const FILE = 'captures.json';
const MAX = 50;
const list = z.array(z.string());

async function readList(dataDir: string): Promise<string[]> {
  try {
    const r = list.safeParse(JSON.parse(await readFile(path.join(dataDir, FILE), 'utf8')));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

async function writeList(dataDir: string, folders: string[]): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(path.join(dataDir, FILE), `${JSON.stringify(folders.slice(0, MAX), null, 2)}\n`);
}

export async function rememberCapture(dataDir: string, folder: string): Promise<void> {
  await writeList(dataDir, [folder, ...(await readList(dataDir)).filter((f) => f !== folder)]);
}

export async function forgetCapture(dataDir: string, folder: string): Promise<void> {
  const folders = await readList(dataDir);
  if (folders.includes(folder)) await writeList(dataDir, folders.filter((f) => f !== folder));
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

/**
 * Recorded captures whose race was never built, newest first (`except`: folders still recording in this run).
 * Captures whose race now exists, or whose folder is gone, are dropped from the list.
 */
export async function listUnfinishedCaptures(dataDir: string, except: ReadonlySet<string>): Promise<UnfinishedCapture[]> {
  const folders = await readList(dataDir);
  const found: UnfinishedCapture[] = [];
  const keep: string[] = [];
  for (const folder of folders) {
    if (except.has(folder)) {
      keep.push(folder);
      continue;
    }
    const record = await readCaptureRecord(folder).catch(() => null);
    if (!record || (await exists(path.join(record.build.out, RACE_LAYOUT.document)))) continue;
    keep.push(folder);
    const { names } = await readTimedFrames(folder);
    found.push({
      folder,
      name: record.build.name,
      out: record.build.out,
      travel: record.build.travel,
      startedAt: record.startedAt,
      frames: names.length,
      interrupted: !record.stoppedAt,
    });
  }
  if (keep.length !== folders.length) await writeList(dataDir, keep);
  return found;
}
