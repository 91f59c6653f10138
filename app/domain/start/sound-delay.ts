/**
 * How late the gun's report reaches a microphone at the finish: distance / c, with the speed of sound in air
 * c = 331.3 · sqrt(1 + T/273.15) m/s (343.2 m/s at 20 °C). Officials give the distance and the temperature as
 * decimal text; the delay is worked out in integers from that text and rounded once, to the nanosecond, so a
 * printed correction never carries a float's error (100 m at 20 °C: 291 361 µs and a fraction).
 *
 * delay² = d² · 273.15 / (331.3² · (273.15 + T)); with D = d·10⁹ and Θ = T·10⁹ (exact integers from the text),
 * delay_ns² = D² · 27315 · 10⁹ / (3313² · (27315·10⁷ + Θ)), and delay_ns is its square root rounded to nearest.
 */
import { UserError } from '../errors.js';
import { parseSecondsToTicks, type Ticks } from '../time/ticks.js';

export const DEFAULT_TEMPERATURE_C = '20';
/** Beyond this the report of a gun is not what a finish-line microphone hears first (and a typo is likelier). */
export const MAX_DISTANCE_M = 5000;
const MIN_TEMPERATURE_C = -50;
const MAX_TEMPERATURE_C = 60;

/** Exact decimal value × 10⁹ of a number typed in metres or degrees (the tick parser does exactly this). */
function scaled(text: string, what: string): bigint {
  return parseSecondsToTicks(text, what);
}

/** Largest integer whose square is ≤ n (n ≥ 0), by Newton's method on bigints. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  // The float guess is close; a few Newton steps make it exact, then step to the floor.
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x - 1n && y <= x + 1n) {
      x = y;
      break;
    }
    x = y;
  }
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

export interface SoundDelay {
  /** Distance from the start to the microphone, metres, as typed. */
  distanceM: string;
  /** Air temperature, °C, as typed (default 20). */
  temperatureC: string;
  /** Speed of sound at that temperature, m/s (for printing only). */
  speed: number;
  /** distance / speed, exact to the nanosecond. */
  delay: Ticks;
}

/** Checks the typed distance and temperature and works out the delay. Throws a one-line UserError on bad input. */
export function soundDelay(distanceM: string, temperatureC: string = DEFAULT_TEMPERATURE_C): SoundDelay {
  const d = scaled(distanceM, 'distance');
  const t = scaled(temperatureC, 'temperature');
  if (d < 0n) throw new UserError(`distance ${distanceM} m: must not be negative`, 'INVALID_ARGUMENT');
  if (d > BigInt(MAX_DISTANCE_M) * 1_000_000_000n) throw new UserError(`distance ${distanceM} m: more than ${MAX_DISTANCE_M} m from start to microphone is not a race start`, 'INVALID_ARGUMENT');
  if (t < BigInt(MIN_TEMPERATURE_C) * 1_000_000_000n || t > BigInt(MAX_TEMPERATURE_C) * 1_000_000_000n) {
    throw new UserError(`temperature ${temperatureC} °C: outside ${MIN_TEMPERATURE_C} to ${MAX_TEMPERATURE_C} °C`, 'INVALID_ARGUMENT');
  }
  return { distanceM: distanceM.trim(), temperatureC: temperatureC.trim(), speed: speedOfSound(Number(temperatureC)), delay: soundDelayTicks(d, t) };
}

/** c = 331.3 · sqrt(1 + T/273.15) m/s, for printing. */
export function speedOfSound(temperatureC: number): number {
  return 331.3 * Math.sqrt(1 + temperatureC / 273.15);
}

/** The delay in ns for a distance and a temperature given ×10⁹ (exact integers), rounded to the nearest ns. */
export function soundDelayTicks(distanceE9: bigint, temperatureE9: bigint): Ticks {
  const num = distanceE9 * distanceE9 * 27315n * 1_000_000_000n;
  const den = 3313n * 3313n * (27315n * 10_000_000n + temperatureE9);
  // round(sqrt(x)) = floor((floor(sqrt(4x)) + 1) / 2), and floor(sqrt(4x)) = isqrt(floor(4x)).
  return (isqrt((4n * num) / den) + 1n) / 2n;
}

/**
 * How sure the sound delay is: the speed of sound depends on the air's temperature (≈ 0.6 m/s per °C) and on the
 * wind along the course (sound is carried by the air). Where the temperature is not given, 20 °C is assumed
 * within ±5 °C; a given one within ±1 °C (a thermometer's reading at the track, not the air all along it). The wind
 * allowance is ±2 m/s along the course, stated on the sheet with the total.
 */
export const TEMPERATURE_ALLOWANCE_NOT_GIVEN_C = 5;
export const TEMPERATURE_ALLOWANCE_GIVEN_C = 1;
export const WIND_ALLOWANCE_MPS = 2;

export interface SoundDelayUncertainty {
  /** The larger change of the delay over the temperature allowance. */
  temperature: Ticks;
  temperatureAllowanceC: number;
  /** The larger change of the delay over the wind allowance (sound against a head wind arrives later). */
  wind: Ticks;
  windAllowanceMps: number;
}

const ceilNs = (seconds: number): Ticks => BigInt(Math.ceil(seconds * 1e9 - 1e-6));

export function soundDelayUncertainty(distanceM: string, temperatureC: string, temperatureGiven: boolean): SoundDelayUncertainty {
  const d = Number(distanceM);
  const t = Number(temperatureC);
  const allowance = temperatureGiven ? TEMPERATURE_ALLOWANCE_GIVEN_C : TEMPERATURE_ALLOWANCE_NOT_GIVEN_C;
  const at = (temp: number) => d / speedOfSound(Math.min(MAX_TEMPERATURE_C, Math.max(MIN_TEMPERATURE_C, temp)));
  const delay = at(t);
  const temperature = Math.max(Math.abs(at(t - allowance) - delay), Math.abs(at(t + allowance) - delay));
  const c = speedOfSound(t);
  const wind = Math.max(d / (c - WIND_ALLOWANCE_MPS) - delay, delay - d / (c + WIND_ALLOWANCE_MPS));
  return { temperature: ceilNs(temperature), temperatureAllowanceC: allowance, wind: ceilNs(wind), windAllowanceMps: WIND_ALLOWANCE_MPS };
}
