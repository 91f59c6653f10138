/**
 * The F-key trigger marks of a live recording, carried into the race built from it. The official pressed F on the
 * camera's clock (integer µs, as on the frames' `capture_us`); the race is judged on the footage clock (the time map).
 * A mark's footage time is read off the columns around it: between two columns, the same fraction of their interval
 * (exact when the race was built from the recording's own timestamps, where footage time = camera time − first
 * frame's); before the first or after the last column, the camera's own distance from that column.
 *
 * Pure: the build reads the files (app/imaging/race-builder/capture-sidecar.ts) and keeps the result in the evidence
 * manifest, hashed with it; every face reads them through `triggerMarks`.
 */
import type { CaptureMarker } from './capture-folder.js';
import { captureUsToTicks } from './frame-clock.js';
import { splitCsvLine } from '../text/csv-line.js';
import type { CaptureTrigger } from '../race/evidence.js';
import { milliColumnAtTime } from '../time/column-time.js';
import { divRoundHalfAway, ticksToNsString, type Ticks } from '../time/ticks.js';

/** One composite column whose frame the recording timed: its camera time and its time on the footage clock. */
export interface ColumnAnchor {
  captureUs: number;
  time: Ticks;
}

/**
 * The `capture_us` of every frame named in a capture folder's timestamps.csv (`file,time_s,capture_us`); for a kept
 * stream (`frame,time_s,capture_us,…`, app/domain/capture/capture-folder.ts) keyed `frame N`.
 */
export function captureUsByFrame(text: string): Map<string, number> {
  const byName = new Map<string, number>();
  const lines = text.split(/\r\n|\n|\r/);
  const header = splitCsvLine(lines[0] ?? '');
  if (typeof header === 'string') return byName;
  const names = header.map((h) => h.trim().toLowerCase());
  const byNumber = !names.includes('file') && names.includes('frame');
  const fileCol = names.indexOf(byNumber ? 'frame' : 'file');
  const usCol = names.indexOf('capture_us');
  if (fileCol < 0 || usCol < 0) return byName;
  for (const line of lines.slice(1)) {
    const cells = splitCsvLine(line);
    if (typeof cells === 'string' || cells.length <= Math.max(fileCol, usCol)) continue;
    const us = Number((cells[usCol] as string).trim());
    if (Number.isSafeInteger(us) && us >= 0) byName.set(`${byNumber ? 'frame ' : ''}${(cells[fileCol] as string).trim()}`, us);
  }
  return byName;
}

/** Footage time of a camera time, from the columns' anchors (in column order, camera times increasing). */
export function footageTimeOf(captureUs: number, anchors: readonly ColumnAnchor[]): Ticks {
  const u = captureUsToTicks(captureUs);
  const first = anchors[0];
  if (!first) throw new Error('no column anchors');
  let i = 0;
  while (i + 1 < anchors.length && captureUsToTicks((anchors[i + 1] as ColumnAnchor).captureUs) <= u) i++;
  const a = anchors[i] as ColumnAnchor;
  const b = anchors[i + 1];
  const ua = captureUsToTicks(a.captureUs);
  if (u < ua || !b) return a.time + (u - ua);
  const ub = captureUsToTicks(b.captureUs);
  return a.time + divRoundHalfAway((u - ua) * (b.time - a.time), ub - ua);
}

/** The manual (F-key) marks as the evidence keeps them: their footage time and the camera time they were pressed at. */
export function triggersOf(markers: readonly CaptureMarker[], anchors: readonly ColumnAnchor[]): CaptureTrigger[] {
  return markers
    .filter((m) => m.kind === 'manual')
    .map((m) => ({ timeNs: ticksToNsString(footageTimeOf(m.captureUs, anchors)), captureUs: m.captureUs }))
    .sort((x, y) => (BigInt(x.timeNs) < BigInt(y.timeNs) ? -1 : BigInt(x.timeNs) > BigInt(y.timeNs) ? 1 : 0));
}

/** A trigger mark as the faces show it: F1, F2 … in time order, with its column (null outside the recording). */
export interface TriggerMark {
  label: string;
  /** Footage clock, integer ns as text. */
  timeNs: string;
  /** Fractional column in thousandths, as marks are kept; null when pressed before the first or after the last frame. */
  milliColumn: number | null;
}

export function triggerMarks(triggers: readonly CaptureTrigger[] | undefined, times: readonly Ticks[]): TriggerMark[] {
  return (triggers ?? []).map((t, i) => ({ label: `F${i + 1}`, timeNs: t.timeNs, milliColumn: milliColumnAtTime(times, BigInt(t.timeNs)) }));
}
