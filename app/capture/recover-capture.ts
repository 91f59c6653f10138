/**
 * A capture folder as found after the app stopped, normally or not. The writer's order (frame renamed into place,
 * then its line) means a kill leaves at most one frame without a line; a power cut can also leave a torn last line
 * and, since frames are not fsynced one by one, timed frames whose bytes never reached the disk. `recoverCapture`
 * mends all three before a build without deleting evidence: a frame with no time, or cut off, is renamed to a
 * hidden `.unlisted-<name>` (kept, never built) and its line left out; a torn line is cut off. Half-written `.part`
 * files, which never were frames of the recording, are removed.
 */
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CAPTURE_LAYOUT, captureRecord, TIMESTAMPS_HEADER, type CaptureRecord } from '../domain/capture/capture-folder.js';
import { UserError } from '../domain/errors.js';
import { FRAME_EXTENSIONS } from '../imaging/sources/frame-files.js';
import { isWholeImage } from './frame-check.js';
import { writeFileAtomic } from '../store/atomic-write.js';

export async function readCaptureRecord(folder: string): Promise<CaptureRecord> {
  const file = path.join(folder, CAPTURE_LAYOUT.record);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UserError(`${folder}: not a recording made by Photofinish (no ${CAPTURE_LAYOUT.record})`, 'NOT_FOUND');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UserError(`${file}: not valid JSON`, 'INVALID_ARGUMENT');
  }
  const r = captureRecord.safeParse(parsed);
  if (!r.success) throw new UserError(`${file}: not a capture record this version can read`, 'INVALID_ARGUMENT');
  return r.data;
}

/** Names of the frames that have a time line, in order; `torn` when the last line was cut short. */
export async function readTimedFrames(folder: string): Promise<{ names: string[]; text: string; torn: boolean }> {
  const file = path.join(folder, CAPTURE_LAYOUT.timestamps);
  const text = await readFile(file, 'utf8').catch(() => '');
  const torn = text.length > 0 && !text.endsWith('\n');
  const whole = torn ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  const names = whole
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(',')[0] as string);
  return { names, text: whole, torn };
}

export interface Recovery {
  frames: number;
  /** Frames found without a time line, renamed to hidden `.unlisted-<name>` files. */
  setAside: string[];
  tornLine: boolean;
}

export async function recoverCapture(folder: string): Promise<Recovery> {
  const { names, text, torn } = await readTimedFrames(folder);
  const cutOff = new Set<string>();
  for (const name of names) {
    const bytes = await readFile(path.join(folder, name)).catch(() => null);
    if (bytes && !isWholeImage(bytes)) cutOff.add(name);
  }
  const lines = text.split('\n');
  const kept = cutOff.size ? [lines[0], ...lines.slice(1).filter((l) => !cutOff.has(l.split(',')[0] as string))].join('\n') : text;
  if (torn || text === '' || cutOff.size) await writeFileAtomic(path.join(folder, CAPTURE_LAYOUT.timestamps), kept === '' ? TIMESTAMPS_HEADER : kept);
  const timed = new Set(names.filter((n) => !cutOff.has(n)));
  const setAside: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (entry.name.startsWith('.') && entry.name.endsWith('.part')) {
      await rm(path.join(folder, entry.name), { force: true });
      continue;
    }
    if (entry.name.startsWith('.') || !FRAME_EXTENSIONS.has(path.extname(entry.name).toLowerCase()) || timed.has(entry.name)) continue;
    await rename(path.join(folder, entry.name), path.join(folder, `.unlisted-${entry.name}`));
    setAside.push(entry.name);
  }
  return { frames: timed.size, setAside, tornLine: torn };
}
