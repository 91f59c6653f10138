/**
 * A front read from one row of pixels says how far ahead of it the pixels still differ clearly from the background
 * though too faintly to be the body's edge (a dim face of the body, a dark rim): the edge may lie anywhere there.
 * On the committed bolt clip the head's grey side face, 10 px ahead of its bright top, was read as nothing at all,
 * and the bolt's time claimed a twentieth of the error it had.
 */
import { describe, expect, it } from 'vitest';
import { frontInProfile, type Front, type Profile } from '../../../../app/domain/detection/front-profile.js';

const N = 60;
const BELT = 60;

/** A grey profile against a plain belt: the bright body up to sample 29, then `dim` grey up to sample 29 + `dimPx`. */
function profile(dim: number, dimPx: number): Profile {
  const diff = new Float32Array(N * 3);
  const bg = new Float32Array(N * 3);
  const mag = new Float32Array(N);
  for (let j = 0; j < N; j++) {
    const v = j < 30 ? 240 : j < 30 + dimPx ? dim : BELT;
    for (let ch = 0; ch < 3; ch++) {
      bg[j * 3 + ch] = BELT;
      diff[j * 3 + ch] = v - BELT;
    }
    mag[j] = Math.sqrt(3) * Math.abs(v - BELT);
  }
  return { s0: -30, diff, bg, mag, n: N };
}

describe('the stretch ahead of a front', () => {
  it('is the dim face ahead of a bright body, too faint to be read as its edge', () => {
    // The bright top ends at -0.5 px, the dim face at 9.5.
    const front = frontInProfile(profile(BELT + 30, 10), 12) as Front;
    expect(front.s).toBeLessThan(2);
    expect(front.s + (front.ahead ?? 0)).toBeCloseTo(9.5, 5);
  });

  it('is nothing ahead of a clean edge', () => {
    const front = frontInProfile(profile(BELT, 0), 12) as Front;
    expect(front.s).toBeCloseTo(-0.5, 5);
    expect(front.ahead).toBe(0);
  });
});
