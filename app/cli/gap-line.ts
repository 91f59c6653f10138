/** One dropped-frame gap as `build` and `info` print it: where it lies, its times, and why there is no picture. */
import type { DropGap } from '../domain/race/evidence.js';
import { gapAfterColumn, gapPlaceText } from '../domain/race/gap-place.js';
import { ticksToDecimalSeconds } from '../domain/time/ticks.js';

/** Names of bad frames printed in full before "and N more" (all of them stay in `info --json`). */
const NAMES_SHOWN = 6;

/** `firstColumnNs`: column 0's time, to read a gap before column 0 as older manifests recorded it. */
export function gapLine(g: DropGap, firstColumnNs: string): string {
  const files = g.files ?? [];
  const why = g.reason === 'bad-frame' ? `bad frame${files.length > 1 ? 's' : ''} left out: ${badFrameNames(files)}` : 'dropped frames';
  const dec = (ns: string) => ticksToDecimalSeconds(BigInt(ns));
  return `    ${gapPlaceText(gapAfterColumn(g, firstColumnNs))}: ${dec(g.fromNs)} s → ${dec(g.toNs)} s (${why})`;
}

/**
 * The bad frames' names, a run of one video's consecutive frames as one range ("clip.mp4 frames 148–199"): a
 * damaged stretch of video is tens of frames, and one line per gap must stay readable.
 */
export function badFrameNames(files: readonly string[]): string {
  const items: string[] = [];
  let run: { video: string; first: number; last: number } | null = null;
  const flush = () => {
    if (run) items.push(run.first === run.last ? `${run.video} frame ${run.first}` : `${run.video} frames ${run.first}–${run.last}`);
    run = null;
  };
  for (const name of files) {
    const m = /^(.*) frame (\d+)$/.exec(name);
    if (m && run && run.video === m[1] && run.last + 1 === Number(m[2])) {
      run.last += 1;
      continue;
    }
    flush();
    if (m) run = { video: m[1] as string, first: Number(m[2]), last: Number(m[2]) };
    else items.push(name);
  }
  flush();
  return items.length > NAMES_SHOWN ? `${items.slice(0, NAMES_SHOWN - 1).join(', ')} and ${items.length - NAMES_SHOWN + 1} more` : items.join(', ');
}
