/**
 * Hand times (athletics' stopwatch backup, World Athletics TR 19): read to 1/10 s, and a time that is not on a
 * tenth is rounded UP to the next one, printed with the customary "h" (12.431 → 12.5h, 12.400 → 12.4h). They are
 * never as precise as a time read from the image, so every output flags them.
 */
import { divCeil, type Ticks } from '../time/ticks.js';
import { formatUnits } from './clock-format.js';

const NS_PER_DECI_S = 100_000_000n;

export function handTenths(t: Ticks): bigint {
  return divCeil(t, NS_PER_DECI_S);
}

/** The published hand time in hundredths of a second (so it compares with fully automatic times). */
export function handHundredths(t: Ticks): bigint {
  return handTenths(t) * 10n;
}

export function handTime(t: Ticks): string {
  return `${formatUnits(handTenths(t), 1)}h`;
}
