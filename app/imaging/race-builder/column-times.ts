/**
 * Each composite column's time, from the frame it was sampled from: the build refuses fewer than two columns, a
 * column without a time and times that do not increase, naming the frame.
 */
import { UserError } from '../../domain/errors.js';
import { ticksToDecimalSeconds, type Ticks } from '../../domain/time/ticks.js';
import type { FrameSource } from '../sources/source.js';

/** `frameTimes`: every source frame's time (the decoder's for a video timed by its own timestamps). */
export function columnTimes(source: FrameSource, frameTimes: readonly Ticks[], columnFrames: readonly number[]): Ticks[] {
  const columns = columnFrames.length;
  if (columns < 2) {
    throw new UserError(`${source.path}: only ${columns} usable frame${columns === 1 ? '' : 's'}; a photo finish needs at least two`, 'INVALID_ARGUMENT');
  }
  const times: Ticks[] = columnFrames.map((f) => {
    const t = frameTimes[f];
    if (t === undefined) {
      throw source.kind === 'video'
        ? new UserError(`${source.path}: frame ${f} carries no timestamp`, 'INVALID_ARGUMENT', { hint: 'give-video-rate' })
        : new UserError(`${source.frameName(f)}: has no time`, 'INVALID_ARGUMENT');
    }
    return t;
  });
  for (let i = 1; i < times.length; i++) {
    if ((times[i] as Ticks) <= (times[i - 1] as Ticks)) {
      throw new UserError(
        `${source.frameName(columnFrames[i] as number)}: time ${ticksToDecimalSeconds(times[i] as Ticks)} s does not come after ${ticksToDecimalSeconds(times[i - 1] as Ticks)} s of the frame before`,
        'INVALID_ARGUMENT',
      );
    }
  }
  return times;
}
