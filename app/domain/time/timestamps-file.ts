/**
 * Timestamps files: a CSV with a header row (a `file` or `frame` column and a `time_s` column; other columns are
 * ignored) or a JSON array of objects with the same keys. Pure parsing: the caller reads the file and matches the
 * entries to frames. Every problem is refused with the file name and the line number, because an official must be
 * able to find and fix the exact line.
 */
import { splitCsvLine } from '../text/csv-line.js';
import { UserError } from '../errors.js';
import { parseSecondsToTicks, ticksToDecimalSeconds, type Ticks } from './ticks.js';

export type TimestampKey = { kind: 'file'; name: string } | { kind: 'frame'; index: number };

export interface TimestampEntry {
  key: TimestampKey;
  time: Ticks;
  /** 1-based line of the entry in the file. */
  line: number;
}

const bad = (file: string, line: number, problem: string) => new UserError(`${file} line ${line}: ${problem}`, 'INVALID_ARGUMENT');

/** Parses a timestamps file's text; `file` is the name used in messages. JSON when the text starts with `[`. */
export function parseTimestampsText(text: string, file: string): TimestampEntry[] {
  const body = text.replace(/^\uFEFF/, '');
  const entries = body.trimStart().startsWith('[') ? parseJson(body, file) : parseCsv(body, file);
  if (entries.length === 0) throw new UserError(`${file}: no timestamps in the file`, 'INVALID_ARGUMENT');
  checkEntries(entries, file);
  return entries;
}

function checkEntries(entries: TimestampEntry[], file: string): void {
  const seen = new Map<string, number>();
  let prev: TimestampEntry | undefined;
  for (const e of entries) {
    const id = e.key.kind === 'file' ? `file ${e.key.name}` : `frame ${e.key.index}`;
    const earlier = seen.get(id);
    if (earlier !== undefined) throw bad(file, e.line, `${id} already has a time at line ${earlier}`);
    seen.set(id, e.line);
    if (prev && e.time <= prev.time) {
      throw bad(file, e.line, `time ${ticksToDecimalSeconds(e.time)} s does not increase (line ${prev.line} has ${ticksToDecimalSeconds(prev.time)} s)`);
    }
    prev = e;
  }
}

function keyFrom(file: string, line: number, kind: 'file' | 'frame', raw: string): TimestampKey {
  const value = raw.trim();
  if (value === '') throw bad(file, line, `the ${kind} is empty`);
  if (kind === 'file') return { kind, name: value };
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw bad(file, line, `frame "${value}" is not a frame number (0, 1, 2, ...)`);
  return { kind, index: Number(value) };
}

function timeFrom(file: string, line: number, raw: string): Ticks {
  const value = raw.trim();
  if (value === '') throw bad(file, line, 'time_s is empty');
  try {
    return parseSecondsToTicks(value, 'time_s');
  } catch (err) {
    const outOfRange = err instanceof Error && err.message.includes('out of range');
    throw bad(file, line, `time_s "${value.slice(0, 40)}" ${outOfRange ? 'is out of range (times are within ±10,000,000,000 s)' : 'is not a number of seconds'}`);
  }
}

function parseCsv(text: string, file: string): TimestampEntry[] {
  const lines = text.split(/\r\n|\n|\r/);
  let headerLine = -1;
  let keyCol = -1;
  let keyKind: 'file' | 'frame' = 'file';
  let timeCol = -1;
  const entries: TimestampEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const lineNo = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const cells = splitCsvLine(raw);
    if (typeof cells === 'string') throw bad(file, lineNo, cells);
    if (headerLine < 0) {
      const names = cells.map((c) => c.trim().toLowerCase());
      timeCol = names.indexOf('time_s');
      const fileCol = names.indexOf('file');
      const frameCol = names.indexOf('frame');
      if (timeCol < 0 || (fileCol < 0 && frameCol < 0)) {
        throw bad(file, lineNo, 'the header row must name a "file" or "frame" column and a "time_s" column');
      }
      keyKind = fileCol >= 0 ? 'file' : 'frame';
      keyCol = fileCol >= 0 ? fileCol : frameCol;
      headerLine = lineNo;
      continue;
    }
    if (cells.length <= Math.max(keyCol, timeCol)) throw bad(file, lineNo, `expected at least ${Math.max(keyCol, timeCol) + 1} columns, found ${cells.length}`);
    entries.push({ key: keyFrom(file, lineNo, keyKind, cells[keyCol] as string), time: timeFrom(file, lineNo, cells[timeCol] as string), line: lineNo });
  }
  if (headerLine < 0) throw new UserError(`${file}: empty timestamps file (expected a header row with "file" or "frame" and "time_s")`, 'INVALID_ARGUMENT');
  return entries;
}

/** 1-based line where each top-level array element starts, so JSON errors can name a line too. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') continue;
    if (depth === 1 && expectElement && ch !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

function parseJson(text: string, file: string): TimestampEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw bad(file, jsonErrorLine(text, err instanceof Error ? err.message : String(err)), 'not valid JSON');
  }
  if (!Array.isArray(data)) throw bad(file, 1, 'expected a JSON array of { "file" or "frame", "time_s" } objects');
  const lines = elementLines(text);
  return data.map((item: unknown, i) => {
    const lineNo = lines[i] ?? 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw bad(file, lineNo, 'expected an object with "file" or "frame" and "time_s"');
    const rec = item as Record<string, unknown>;
    const kind = 'file' in rec ? 'file' : 'frame' in rec ? 'frame' : null;
    if (!kind) throw bad(file, lineNo, 'entry has no "file" or "frame"');
    if (!('time_s' in rec)) throw bad(file, lineNo, 'entry has no "time_s"');
    const k = rec[kind];
    const t = rec.time_s;
    if (typeof k !== 'string' && typeof k !== 'number') throw bad(file, lineNo, `"${kind}" must be text or a number`);
    if (typeof t !== 'string' && typeof t !== 'number') throw bad(file, lineNo, '"time_s" must be a number of seconds');
    return { key: keyFrom(file, lineNo, kind, String(k)), time: timeFrom(file, lineNo, String(t)), line: lineNo };
  });
}

/** Line of a JSON syntax error, from the engine's message (a position, or the text around the bad token). */
function jsonErrorLine(text: string, message: string): number {
  const lineAt = (offset: number) => text.slice(0, Math.max(0, offset)).split('\n').length;
  const pos = /position (\d+)/.exec(message);
  if (pos) return lineAt(Number(pos[1]));
  if (/end of JSON input/i.test(message)) return lineAt(text.trimEnd().length);
  const around = /Unexpected token '(.)', (?:\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON/.exec(message);
  if (around) {
    const snippet = around[2] as string;
    const at = text.indexOf(snippet);
    if (at >= 0) return lineAt(at + Math.max(0, snippet.indexOf(around[1] as string)));
  }
  return 1;
}
