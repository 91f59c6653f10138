/**
 * The first impulsive sound in a recording (a start gun's report, a clapper, a start system's beep) located to
 * the sample. A report is a sudden rise of the sound's energy far above what came just before it: the envelope is
 * taken in 1 ms windows; the first window at least 12 dB (`riseDb`) above the 50 ms before it and 12 dB (`floorDb`) above the
 * recording's noise floor (the median window, since a report is brief) holds the onset. The onset is then refined
 * to the sample on the report's leading edge (see `refine`), so the time is good to a sample or a few (tens of
 * microseconds), not to a window.
 *
 * Pure: samples in, sample index out. Putting that sample on the footage clock is the audio reader's job.
 */
import { medianInPlace } from '../detection/robust.js';

export interface OnsetOptions {
  /** Rise over the preceding 50 ms that makes a window impulsive (default 12 dB). */
  riseDb?: number;
  /** Level above the recording's noise floor a report must reach (default 12 dB). */
  floorDb?: number;
}

export interface Onset {
  /** Index of the first sample of the report. */
  sample: number;
  /** The window's rise over the 50 ms before it, dB. */
  riseDb: number;
  /** The report's peak (10 ms after the onset) over the noise floor, dB. */
  snrDb: number;
  /** Peak amplitude of the report (full scale 1). */
  peak: number;
  /** RMS of the recording's noise floor (full scale 1). */
  noise: number;
}

const WINDOW_S = 0.001;
const BEFORE_S = 0.05;
const PEAK_S = 0.01;
/** How far ahead of a transient an AAC encoder's long block can spread its quantisation noise (samples). */
const AAC_LONG_BLOCK = 2048;
/** A sound this much louder (12 dB) within that block makes what came first a precursor (pre-echo), not the onset. */
const PRECURSOR_RATIO = 4;
const dB = (ratio: number) => 20 * Math.log10(ratio);

/** RMS of each window of `w` samples (the last partial window dropped). */
function windowRms(samples: Float32Array, w: number): Float64Array {
  const n = Math.floor(samples.length / w);
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let s = 0;
    for (let i = k * w; i < (k + 1) * w; i++) s += (samples[i] as number) ** 2;
    out[k] = Math.sqrt(s / w);
  }
  return out;
}

/** The first impulsive sound, or null when the recording holds none (silence, steady noise, speech only). */
export function detectOnset(samples: Float32Array, sampleRate: number, options: OnsetOptions = {}): Onset | null {
  const riseDb = options.riseDb ?? 12;
  const floorDb = options.floorDb ?? 12;
  const w = Math.max(8, Math.round(sampleRate * WINDOW_S));
  const rms = windowRms(samples, w);
  if (rms.length < 3) return null;
  // A digital silence has a floor of 0; one quantisation step of 16-bit audio stands in for it.
  const noise = Math.max(medianInPlace(Float64Array.from(rms)), 1 / 32768);
  const before = Math.max(1, Math.round(BEFORE_S / WINDOW_S));
  let sum = 0;
  let count = 0;
  for (let k = 0; k < rms.length; k++) {
    const level = rms[k] as number;
    // Mean energy of up to 50 ms before this window (the first windows compare with the floor).
    const localRms = count > 0 ? Math.sqrt(sum / count) : noise;
    const reference = Math.max(localRms, noise);
    if (level >= reference * 10 ** (riseDb / 20) && level >= noise * 10 ** (floorDb / 20)) {
      return refine(samples, sampleRate, k, w, noise, dB(level / reference));
    }
    sum += level * level;
    count++;
    if (count > before) {
      sum -= (rms[k - before] as number) ** 2;
      count--;
    }
  }
  return null;
}

/**
 * The report's leading edge inside window k (or the one before, where the rise began at its end): the first sample
 * reaching half the report's peak, walked back down the same rising edge while it stays above a fifth of the peak.
 * Not simply the first sample above the noise: an AAC encoder spreads quantisation noise ahead of a transient
 * (pre-echo), at up to half the transient's amplitude within a few milliseconds when it switches to short blocks,
 * and, when it does not, far weaker but over a whole long block (2048 samples, 43 ms at 48 kHz), often enough
 * above the noise floor to pass as the onset. So the peak is looked for over that block too: where the sound within
 * it is 12 dB louder than in the first 10 ms, window k was the precursor and the edge is that of the louder sound.
 * A gun's report starts with a sharp pressure step whose edge survives the encoding.
 */
function refine(samples: Float32Array, sampleRate: number, k: number, w: number, noise: number, riseDb: number): Onset {
  const from = Math.max(0, (k - 1) * w);
  const near = Math.min(samples.length, k * w + Math.round(sampleRate * PEAK_S));
  const block = Math.min(samples.length, near + AAC_LONG_BLOCK);
  const peakIn = (a: number, b: number) => {
    let p = 0;
    for (let i = a; i < b; i++) p = Math.max(p, Math.abs(samples[i] as number));
    return p;
  };
  const nearPeak = peakIn(from, near);
  const blockPeak = peakIn(near, block);
  const precursor = blockPeak >= nearPeak * PRECURSOR_RATIO;
  const to = precursor ? block : near;
  const peak = precursor ? blockPeak : nearPeak;
  const half = Math.max(peak * 0.5, noise * 4);
  let sample = from;
  while (sample < to - 1 && Math.abs(samples[sample] as number) < half) sample++;
  const foot = Math.max(peak * 0.2, noise * 4);
  for (;;) {
    const here = samples[sample] as number;
    const prev = samples[sample - 1];
    if (sample <= from || prev === undefined || Math.abs(prev) < foot || Math.abs(prev) > Math.abs(here) || Math.sign(prev) !== Math.sign(here)) break;
    sample--;
  }
  // The rise reported is the onset's own: its first window over the 50 ms before it (the precursor included).
  const rise = precursor ? dB(rmsOf(samples, sample, sample + w) / Math.max(rmsOf(samples, sample - Math.round(sampleRate * BEFORE_S), sample), noise)) : riseDb;
  return { sample, riseDb: rise, snrDb: dB(peak / Math.SQRT2 / noise), peak, noise };
}

function rmsOf(samples: Float32Array, a: number, b: number): number {
  const from = Math.max(0, a);
  const to = Math.min(samples.length, b);
  let s = 0;
  for (let i = from; i < to; i++) s += (samples[i] as number) ** 2;
  return to > from ? Math.sqrt(s / (to - from)) : 0;
}
