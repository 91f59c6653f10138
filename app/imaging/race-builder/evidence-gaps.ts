/**
 * Gaps an official must see: frames left out as bad (with their files), intervals over 1.5 × the median, and the
 * lost end of a video cut short. An interval gap where bad frames were left out is the same gap and is listed
 * once, as bad frames. Bad frames at the very start make a gap before column 0 (`BEFORE_FIRST_COLUMN`), one at the
 * very end a gap after the last.
 */
import { BEFORE_FIRST_COLUMN, type DropGap } from '../../domain/race/evidence.js';
import { ticksToNsString, type Ticks } from '../../domain/time/ticks.js';
import { findIntervalGaps } from '../../domain/time/time-map.js';
import type { PreparedBuild } from './prepare-build.js';
import type { BadRun } from './sample-columns.js';

export function evidenceGaps(prep: PreparedBuild, times: Ticks[], median: Ticks, badRuns: BadRun[], frameTimes: readonly Ticks[]): DropGap[] {
  const gaps = collectGaps(times, median, badRuns, frameTimes);
  // A video cut short (built with skipBad): the lost end is a gap after the last column, up to where it should end.
  const tail = prep.source.cutShort?.();
  if (tail) {
    const end = times[times.length - 1] as Ticks;
    const until = prep.time.frameTimes === 'decoded' ? tail.untilNs : end + tail.missingNs;
    gaps.push({ afterColumn: times.length - 1, fromNs: ticksToNsString(end), toNs: ticksToNsString(until), reason: 'bad-frame', files: [tail.label] });
  }
  return gaps;
}

function collectGaps(times: Ticks[], median: Ticks, badRuns: BadRun[], frameTimes: readonly Ticks[]): DropGap[] {
  const gaps: DropGap[] = [];
  const last = times.length - 1;
  for (const run of badRuns) {
    const firstBadTime = frameTimes[run.frames[0] as number];
    const lastBadTime = frameTimes[run.frames[run.frames.length - 1] as number];
    // Bad frames before the first good one lie before column 0, not between columns 0 and 1: no column's time moves.
    if (run.afterColumn < 0) {
      const from = firstBadTime ?? (times[0] as Ticks);
      gaps.push({ afterColumn: BEFORE_FIRST_COLUMN, fromNs: ticksToNsString(from), toNs: ticksToNsString(times[0] as Ticks), reason: 'bad-frame', files: run.files });
      continue;
    }
    const after = Math.min(run.afterColumn, last);
    const from = times[after] as Ticks;
    const to = run.afterColumn >= last ? (lastBadTime ?? (times[last] as Ticks)) : (times[after + 1] as Ticks);
    gaps.push({ afterColumn: after, fromNs: ticksToNsString(from), toNs: ticksToNsString(to), reason: 'bad-frame', files: run.files });
  }
  const badAfter = new Set(gaps.map((g) => g.afterColumn));
  for (const g of findIntervalGaps(times, median)) {
    if (!badAfter.has(g.afterColumn)) gaps.push({ afterColumn: g.afterColumn, fromNs: ticksToNsString(g.from), toNs: ticksToNsString(g.to), reason: 'interval' });
  }
  return gaps.sort((a, b) => a.afterColumn - b.afterColumn);
}
