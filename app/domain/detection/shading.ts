/**
 * How a sample of a profile compares with the background behind it, the test of shade (soft shadows in
 * front-profile.ts, hard ones in hard-shadow.ts): shade darkens the road by one ratio and keeps its hue.
 */
import type { Profile } from './front-profile.js';

/** Brightness of a sample relative to the background behind it (1: as bright), and how far its hue strays. */
export interface Shading {
  beta: number;
  hueOff: number;
  bgNorm: number;
}

export function shading(p: Profile, j: number): Shading {
  let ib = 0;
  let bb = 0;
  for (let ch = 0; ch < 3; ch++) {
    const b = p.bg[j * 3 + ch] as number;
    ib += ((p.diff[j * 3 + ch] as number) + b) * b;
    bb += b * b;
  }
  const beta = bb > 0 ? ib / bb : 1;
  let off = 0;
  for (let ch = 0; ch < 3; ch++) {
    const b = p.bg[j * 3 + ch] as number;
    const e = (p.diff[j * 3 + ch] as number) + b - beta * b;
    off += e * e;
  }
  return { beta, hueOff: Math.sqrt(off), bgNorm: Math.sqrt(bb) };
}
