/**
 * Composite column ↔ race time, for drawing: where a mark, a ruler tick or a gap lands on the printed image.
 * Times stay exact (bigint ns); the column positions that come back are floats because they only place ink.
 * Column i's time is the time of its pixel centre (x = i + 0.5, as the viewer draws it), and a fractional column c interpolates linearly between
 * floor(c) and ceil(c), exactly as marks are stored (thousandths of a column).
 */
import type { Ticks } from '../domain/time/ticks.js';
import { clampMilliColumn, timeAtMilliColumn } from '../domain/time/column-time.js';
import type { MarkPosition } from '../domain/race/document.js';

export class ColumnTimes {
  readonly times: readonly Ticks[];

  constructor(timesNs: readonly string[]) {
    this.times = timesNs.map((s) => BigInt(s));
  }

  get columns(): number {
    return this.times.length;
  }

  /** Exact time of a mark kept in thousandths of a column (clamped to the image). */
  timeAtMilliColumn(milli: number): Ticks {
    return timeAtMilliColumn(this.times, clampMilliColumn(this.times, milli));
  }

  /**
   * Fractional column at which `t` lies (inverse of the interpolation), or null outside the image.
   * Binary search: columns are in time order.
   */
  columnAtTime(t: Ticks): number | null {
    const ts = this.times;
    if (ts.length === 0) return null;
    const first = ts[0] as Ticks;
    const last = ts[ts.length - 1] as Ticks;
    if (t < first || t > last) return null;
    let lo = 0;
    let hi = ts.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((ts[mid] as Ticks) <= t) lo = mid;
      else hi = mid;
    }
    const t0 = ts[lo] as Ticks;
    const t1 = ts[hi] as Ticks;
    if (t1 === t0 || t === t0) return lo;
    // Ratio of two exact integers; the float only positions ink.
    return lo + Number(t - t0) / Number(t1 - t0);
  }

  /** Fractional column where a mark's hairline stands, or null for a typed time outside the image. */
  columnOfMark(position: MarkPosition): number | null {
    if (position.kind === 'column') return position.milliColumn / 1000;
    return this.columnAtTime(BigInt(position.ns));
  }
}
