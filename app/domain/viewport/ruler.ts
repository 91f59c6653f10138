/**
 * The time ruler under the composite: tick marks at round times (1, 2 or 5 × 10^k seconds) placed where those
 * times fall in the composite. Column times are not evenly spaced (dropped frames, variable frame rates), so each
 * tick is placed by the exact time → column inverse rather than assumed linear.
 */
import { divCeil, type Ticks } from '../time/ticks.js';
import { clampMilliColumn, columnAtTime, MILLI, timeAtMilliColumn } from '../time/column-time.js';
import { clampColumn, columnToScreenX, screenXToColumn, type Viewport } from './viewport.js';

export interface RulerTick {
  timeNs: Ticks;
  screenX: number;
  major: boolean;
}

export interface Ruler {
  /** Spacing between labelled ticks, ns. */
  stepNs: Ticks;
  ticks: RulerTick[];
}

const STEPS: Ticks[] = (() => {
  const out: Ticks[] = [];
  for (let p = 1n; p <= 10n ** 12n; p *= 10n) out.push(p, 2n * p, 5n * p);
  return out;
})();

/** Ticks roughly every `minSpacingPx` screen pixels (labelled), with four minor ticks between. */
export function rulerTicks(vp: Viewport, times: readonly Ticks[], minSpacingPx = 110): Ruler {
  if (times.length === 0) return { stepNs: 0n, ticks: [] };
  const ca = clampColumn(vp.columns, screenXToColumn(vp, 0));
  const cb = clampColumn(vp.columns, screenXToColumn(vp, vp.width));
  const c0 = Math.min(ca, cb);
  const c1 = Math.max(ca, cb);
  const t0 = timeAtMilliColumn(times, clampMilliColumn(times, c0 * MILLI));
  const t1 = timeAtMilliColumn(times, clampMilliColumn(times, c1 * MILLI));
  const visiblePx = Math.abs(columnToScreenX(vp, c1) - columnToScreenX(vp, c0));
  if (t1 <= t0 || visiblePx < 1) return { stepNs: 0n, ticks: [] };
  const wanted = Math.max(1, Math.floor(visiblePx / minSpacingPx));
  const span = t1 - t0;
  let step = STEPS[STEPS.length - 1] as Ticks;
  for (const s of STEPS) {
    if (span / s <= BigInt(wanted)) {
      step = s;
      break;
    }
  }
  const minor = step / 5n > 0n ? step / 5n : step;
  const ticks: RulerTick[] = [];
  const first = divCeil(t0, minor) * minor;
  for (let t = first; t <= t1 && ticks.length < 2000; t += minor) {
    ticks.push({ timeNs: t, screenX: columnToScreenX(vp, columnAtTime(times, t)), major: t % step === 0n });
  }
  return { stepNs: step, ticks };
}
