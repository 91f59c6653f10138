/**
 * A front profile (front-profile.ts) drawn sample by sample for the detector's unit tests: the picture and the
 * background under it given as colours per sample, sample j at j − 30 px downstream of the line.
 */
import type { Profile } from '../../app/domain/detection/front-profile.js';

export type Rgb = [number, number, number];

export const PROFILE_SAMPLES = 60;

export function profileAgainst(picture: (j: number) => Rgb, under: (j: number) => Rgb): Profile {
  const n = PROFILE_SAMPLES;
  const diff = new Float32Array(n * 3);
  const bg = new Float32Array(n * 3);
  const mag = new Float32Array(n);
  for (let j = 0; j < n; j++) {
    let sq = 0;
    for (let ch = 0; ch < 3; ch++) {
      const b = under(j)[ch] as number;
      const d = (picture(j)[ch] as number) - b;
      bg[j * 3 + ch] = b;
      diff[j * 3 + ch] = d;
      sq += d * d;
    }
    mag[j] = Math.sqrt(sq);
  }
  return { s0: -30, diff, bg, mag, n };
}
