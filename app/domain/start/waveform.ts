/**
 * The sound around a detected onset as a picture an official can check at a glance: the peak amplitude of each of
 * `bins` equal slices of the samples [from, to). Pure numbers; the workspace draws them.
 */
export function peakEnvelope(samples: Float32Array, from: number, to: number, bins: number): number[] {
  const start = Math.max(0, Math.min(from, samples.length));
  const end = Math.max(start, Math.min(to, samples.length));
  const out = new Array<number>(bins).fill(0);
  if (end === start || bins <= 0) return out;
  const per = (end - start) / bins;
  for (let b = 0; b < bins; b++) {
    let peak = 0;
    const s0 = Math.floor(start + b * per);
    const s1 = Math.max(s0 + 1, Math.floor(start + (b + 1) * per));
    for (let i = s0; i < s1 && i < end; i++) peak = Math.max(peak, Math.abs(samples[i] as number));
    out[b] = Math.round(peak * 10_000) / 10_000;
  }
  return out;
}
