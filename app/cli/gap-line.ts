/** One dropped-frame gap as `build` and `info` print it: where it lies, its times, and why there is no picture. */
import type { DropGap } from '../domain/race/evidence.js';
import { gapAfterColumn, gapPlaceText } from '../domain/race/gap-place.js';
import { ticksToDecimalSeconds } from '../domain/time/ticks.js';

/** `firstColumnNs`: column 0's time, to read a gap before column 0 as older manifests recorded it. */
export function gapLine(g: DropGap, firstColumnNs: string): string {
  const files = g.files ?? [];
  const why = g.reason === 'bad-frame' ? `bad frame${files.length > 1 ? 's' : ''} left out: ${files.join(', ')}` : 'dropped frames';
  const dec = (ns: string) => ticksToDecimalSeconds(BigInt(ns));
  return `    ${gapPlaceText(gapAfterColumn(g, firstColumnNs))}: ${dec(g.fromNs)} s → ${dec(g.toNs)} s (${why})`;
}
