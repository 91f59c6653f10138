/**
 * The camera's own clock, frame by frame, while recording: each frame's capture timestamp (integer microseconds
 * from the browser's VideoFrame, monotonic) becomes exact ticks; the running median interval gives the measured
 * rate; and an interval the build would call a dropped-frame gap (`isDropGap`, the same rule the time map uses) is
 * reported the moment it happens, with the number of frames it stands for, so the screen can show it at once.
 */
import { UserError } from '../errors.js';
import { NS_PER_S, type Ticks } from '../time/ticks.js';
import { compareTicks, findIntervalGaps, isDropGap, measureRate, medianOfSorted, rateFromInterval } from '../time/time-map.js';

/** Intervals the running median is taken over (about one second at 60 frames/s). */
const WINDOW = 60;
/** Intervals needed before a gap can be told from the camera settling. */
const MIN_INTERVALS = 5;

export const NS_PER_US = 1000n;

/** A VideoFrame timestamp (integer µs) as ticks; anything else is refused (a bad frame is not evidence). */
export function captureUsToTicks(us: number): Ticks {
  if (!Number.isSafeInteger(us) || us < 0) throw new UserError(`capture timestamp ${String(us).slice(0, 40)} µs is not a whole number of microseconds ≥ 0`, 'INVALID_ARGUMENT');
  return BigInt(us) * NS_PER_US;
}

/** Frames a gap stands for, in whole frames: 2.4 intervals is one frame lost, 2.6 two (interval/median − 1, half up). */
export function framesLostIn(interval: Ticks, median: Ticks): number {
  return Math.max(1, Number((2n * interval + median) / (2n * median)) - 1);
}

/** Gaps and lost frames over a whole recording, by the build's own measure (its median, its gap rule). */
export function countLostFrames(times: readonly Ticks[]): { gaps: number; missing: number } {
  if (times.length < 2) return { gaps: 0, missing: 0 };
  const median = measureRate(times).medianInterval;
  const gaps = findIntervalGaps(times, median);
  return { gaps: gaps.length, missing: gaps.reduce((sum, g) => sum + framesLostIn(g.to - g.from, median), 0) };
}

export type FrameArrival =
  | {
      kind: 'frame';
      time: Ticks;
      /** Since the previous frame; null for the first. */
      interval: Ticks | null;
      /** Frames the camera (or the app) lost just before this one: 0 unless the interval is a gap. */
      missing: number;
    }
  /** Same or earlier time than the frame before: not a new frame, left out. */
  | { kind: 'not-increasing'; time: Ticks; previous: Ticks };

export class FrameClock {
  private last: Ticks | null = null;
  private firstTime: Ticks | null = null;
  private readonly intervals: Ticks[] = [];
  private frameCount = 0;
  private missingCount = 0;
  private gapCount = 0;
  /** Arrival times of the last second or so, for the delivered rate. */
  private readonly recent: Ticks[] = [];

  push(time: Ticks): FrameArrival {
    if (this.last !== null && time <= this.last) return { kind: 'not-increasing', time, previous: this.last };
    const interval = this.last === null ? null : time - this.last;
    let missing = 0;
    if (interval !== null) {
      const median = this.medianInterval();
      if (median !== null && isDropGap(interval, median)) {
        missing = framesLostIn(interval, median);
        this.gapCount++;
        this.missingCount += missing;
      } else {
        // Gaps stay out of the window, so a burst of drops cannot stretch the interval it is judged by.
        this.intervals.push(interval);
        if (this.intervals.length > WINDOW) this.intervals.shift();
      }
    }
    this.firstTime ??= time;
    this.last = time;
    this.frameCount++;
    this.recent.push(time);
    while (this.recent.length > 2 && time - (this.recent[0] as Ticks) > NS_PER_S) this.recent.shift();
    return { kind: 'frame', time, interval, missing };
  }

  /** The running median interval, once enough frames have arrived to trust it. */
  medianInterval(): Ticks | null {
    if (this.intervals.length < MIN_INTERVALS) return null;
    return medianOfSorted([...this.intervals].sort(compareTicks));
  }

  /** Frames per second the camera runs at (from the median interval), for display. */
  rate(): number | null {
    const median = this.medianInterval();
    return median === null ? null : rateFromInterval(median);
  }

  /** Frames per second actually delivered over the last second (lower than `rate` when frames are lost). */
  deliveredRate(): number | null {
    const n = this.recent.length;
    if (n < 2) return null;
    const span = (this.recent[n - 1] as Ticks) - (this.recent[0] as Ticks);
    return span > 0n ? ((n - 1) * 1e9) / Number(span) : null;
  }

  summary(): { frames: number; gaps: number; missing: number; first: Ticks | null; last: Ticks | null } {
    return { frames: this.frameCount, gaps: this.gapCount, missing: this.missingCount, first: this.firstTime, last: this.last };
  }
}
