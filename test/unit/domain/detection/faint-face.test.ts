/**
 * A dim face of a body ahead of its bright part is the body's front: the committed bolt clip's hex head shows a grey
 * side face (about 140 grey, 10 px deep) ahead of its white top (about 245) on a grey belt (about 113), a third of the
 * top's difference from the belt. A halo fading away from a bright edge is not, nor is the body's shadow.
 */
import { describe, expect, it } from 'vitest';
import { frontInProfile, type Profile } from '../../../../app/domain/detection/front-profile.js';
import { profileAgainst, type Rgb } from '../../../helpers/rgb-profile.js';

const BELT: Rgb = [117, 113, 110];
const TOP: Rgb = [246, 249, 254];
const SIDE_FACE: Rgb = [138, 141, 148];
const THRESHOLD = 12;

/** A profile of the picture given sample by sample, against the belt. */
const profileOf = (picture: (j: number) => Rgb): Profile => profileAgainst(picture, () => BELT);

const mix = (a: Rgb, b: Rgb, alpha: number): Rgb => a.map((v, ch) => alpha * v + (1 - alpha) * (b[ch] as number)) as Rgb;

/** The white top up to sample 24 (edge over two samples), then `ahead` from 27 on. */
const bolt = (ahead: (j: number) => Rgb) => profileOf((j) => (j <= 24 ? TOP : j === 25 ? mix(TOP, SIDE_FACE, 0.6) : j === 26 ? mix(TOP, SIDE_FACE, 0.25) : ahead(j)));

describe('a dim face ahead of a body’s bright part', () => {
  // Before: the front was the top's edge (−4 px), 10 px behind the face's.
  it('is the body: its front is the face’s edge, 10 px ahead of the bright top’s', () => {
    const p = bolt((j) => (j <= 35 ? SIDE_FACE : j === 36 ? mix(SIDE_FACE, BELT, 0.5) : BELT));
    const front = frontInProfile(p, THRESHOLD, 8);
    // Covered through sample 35 and half of 36: the edge at 36 px from the profile's start.
    expect(front?.s).toBeCloseTo(36 - 30, 1);
  });

  it('is not a halo fading away from the bright edge: the front stays the top’s', () => {
    // The halo's difference from the belt halves every 3 px, from a fifth of the top's.
    const p = bolt((j) => mix(mix(TOP, BELT, 0.2), BELT, Math.pow(0.5, (j - 27) / 3)));
    const front = frontInProfile(p, THRESHOLD, 8);
    // The top's edge lies at −4 px; the halo reaches past +3 px.
    expect(front?.s).toBeLessThan(-2);
  });

  it('is not the belt darkened by the body’s shadow: the front stays the top’s', () => {
    const shadow = BELT.map((v) => 0.75 * v) as Rgb;
    const p = bolt((j) => (j <= 35 ? shadow : j === 36 ? mix(shadow, BELT, 0.5) : BELT));
    const front = frontInProfile(p, THRESHOLD);
    expect(front?.s).toBeLessThan(-2);
  });
});
