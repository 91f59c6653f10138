/**
 * The race clock for the faces that show times: race time = footage time − time zero. Column times and the marks
 * on the picture stay on the footage clock in the record; a face converts once, here, to draw and read in race time.
 */
import { isKeyedTime } from '../marks/interpolate.js';
import { parseColumnTimes } from '../time/column-time.js';
import type { Ticks } from '../time/ticks.js';
import type { StartInfo } from './start-json.js';

/** Time zero as ticks from a report's `start` (0 while none is set): what faces subtract to show race time. */
export function zeroOfInfo(start: StartInfo | undefined): Ticks {
  return start?.time_ns ? BigInt(start.time_ns) : 0n;
}

/** Every column's time on the race clock. */
export function raceClockTimes(timesNs: readonly string[], zero: Ticks): Ticks[] {
  const times = parseColumnTimes(timesNs);
  return zero === 0n ? times : times.map((t) => t - zero);
}

/** The race time of a mark kept as a time: keyed-in times already are race times, the others stand on the footage clock. */
export function raceTimeOfTimeMark(mark: { position: { kind: 'time'; ns: string }; origin: string }, zero: Ticks): Ticks {
  const t = BigInt(mark.position.ns);
  return isKeyedTime(mark) ? t : t - zero;
}
