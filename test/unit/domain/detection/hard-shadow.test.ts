/**
 * A hard shadow ahead of a body is told from a dark part of the body by the road's own pattern: shade darkens a
 * chequered line by one ratio, a dark bumper of one colour over it does not. The first is cut off the front (the
 * body's edge behind it is the front); the second is the competitor's leading edge and is kept. The shadow of
 * something out of view, with no body behind it, is only shade by the same evidence; a body's paint is not.
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../app/domain/detection/front-profile.js';
import { hardShadeAt, shadeEvidenceAt } from '../../../../app/domain/detection/hard-shadow.js';
import { profileAgainst, type Rgb } from '../../../helpers/rgb-profile.js';

/** Road along the profile: grey asphalt, with a chequered line (white and grey squares of 3 px) at 22–33. */
const road = (j: number): Rgb => (j >= 22 && j < 34 && Math.floor((j - 22) / 3) % 2 === 0 ? [228, 228, 230] : [112, 112, 116]);

const plainRoad = (): Rgb => [112, 112, 116];

const shadeOnlyAt = (p: Profile, k0: number, threshold: number) => shadeEvidenceAt(p, k0, threshold) === 'shade-only';

/** A profile of the picture given sample by sample, against the road. */
const profileOf = (picture: (j: number) => Rgb, under: (j: number) => Rgb = road): Profile => profileAgainst(picture, under);

const BLUE: Rgb = [36, 92, 204];
/** A blue body up to sample 19, then from 20 to 35 either its shadow on the road or a dark bumper. */
const scene = (ahead: (j: number) => Rgb) => profileOf((j) => (j < 20 ? BLUE : j <= 35 ? ahead(j) : road(j)));

describe('a hard shadow ahead of a body', () => {
  it('is the road darkened by one ratio over the chequered line: cut, with the body behind it', () => {
    const shade = hardShadeAt(scene((j) => road(j).map((v) => 0.3 * v) as Rgb), 35, 12);
    expect(shade).not.toBeNull();
    expect(shade?.cut).toBe(20);
    expect(shade?.beta).toBeCloseTo(0.3, 2);
    expect(shade?.textured).toBe(true);
  });

  it('is not a dark bumper of one colour over the same line: that is the body, kept', () => {
    expect(hardShadeAt(scene(() => [34, 34, 36]), 35, 12)).toBeNull();
  });

  it('over plain road cannot be told from a dark bumper: no evidence of a shadow (not textured)', () => {
    const p = profileOf((j) => (j < 20 ? BLUE : j <= 35 ? [34, 34, 35] : plainRoad()), plainRoad);
    expect(hardShadeAt(p, 35, 12)?.textured ?? false).toBe(false);
  });
});

describe('an object that is only shade (the shadow of something out of view)', () => {
  // Before: such a shadow sweeping over the chequered line at 200 fps was suggested at confidence 0.84, unflagged.
  it('darkens the road by one ratio over the chequered line to the band\'s end, with no body behind it', () => {
    expect(shadeOnlyAt(profileOf((j) => (j <= 35 ? (road(j).map((v) => 0.6 * v) as Rgb) : road(j))), 35, 12)).toBe(true);
  });

  it('is not a body whose paint covers the same road, nor a body behind a hard shadow', () => {
    expect(shadeOnlyAt(profileOf((j) => (j <= 35 ? [90, 60, 60] : road(j))), 35, 12)).toBe(false);
    expect(shadeOnlyAt(scene((j) => road(j).map((v) => 0.3 * v) as Rgb), 35, 12)).toBe(false);
  });

  it('over plain road says nothing: one colour there may be paint', () => {
    expect(shadeOnlyAt(profileOf((j) => (j <= 35 ? [67, 67, 70] : plainRoad()), plainRoad), 35, 12)).toBe(false);
  });
});
