/**
 * A blurred sliver of a body ahead of something the road's colour (a van's road-grey strip starting a pixel behind
 * its nose) never shows the body's colour: unmixed against the faint top of its ramp, its front reads ahead of the
 * body by up to half the blur. Such rows are told apart (a ridge, much fainter than the body's other rows) and kept
 * out of the leading point; a solid body's blurred front, or a leading limb as bright as the body, is not.
 */
import { describe, expect, it } from 'vitest';
import { frontInProfile } from '../../../../app/domain/detection/front-profile.js';
import { leadingPoint } from '../../../../app/domain/detection/leading-point.js';
import { sliverRows } from '../../../../app/domain/detection/sliver-rows.js';
import { profileAgainst, type Rgb } from '../../../helpers/rgb-profile.js';

const ROAD: Rgb = [74, 76, 80];
const WHITE: Rgb = [238, 238, 238];
const THRESHOLD = 12;

/**
 * A row of a white body moving downstream, its tip going from `tip - blur` to `tip` (sample coordinates) during the
 * exposure, solid for `solid` px behind the tip and the road's colour behind that: each sample's colour is the
 * share of the exposure and of the pixel the body covers.
 */
function blurredRow(tip: number, blur: number, solid: number) {
  return profileAgainst((j) => {
    let covered = 0;
    const steps = 200;
    for (let k = 0; k < steps; k++) {
      const front = tip - blur + (blur * (k + 0.5)) / steps;
      const x = j + ((k % 10) + 0.5) / 10;
      if (x <= front && x > front - solid) covered++;
    }
    const alpha = covered / steps;
    return WHITE.map((v, ch) => alpha * v + (1 - alpha) * (ROAD[ch] as number)) as Rgb;
  }, () => ROAD);
}

describe('a blurred sliver of a body', () => {
  // Mid-exposure the tip is at 40 - 3 = 37 samples, 7 px downstream of the line.
  it('reads a solid body at its mid-exposure tip, and is no ridge there', () => {
    const front = frontInProfile(blurredRow(40, 6, 40), THRESHOLD);
    expect(front?.s).toBeCloseTo(7, 0);
    expect(front?.ridge).toBe(false);
  });

  it('reads a 1 px sliver ahead of the tip, and tells it for a faint ridge', () => {
    const solid = frontInProfile(blurredRow(40, 6, 40), THRESHOLD);
    const sliver = frontInProfile(blurredRow(40, 6, 1), THRESHOLD);
    expect(sliver?.s).toBeGreaterThan(8);
    expect(sliver?.ridge).toBe(true);
    expect(sliver?.contrast).toBeLessThan(0.5 * (solid?.contrast as number));
  });

  it('keeps faint ridge rows out of the leading point, not bright ones', () => {
    const row = (a: number, s: number, contrast: number, ridges: number) => ({ a, t: [0, 1], s: [s, s + 5], contrast, ridges });
    const rows = [...Array.from({ length: 10 }, (_, k) => row(k, 0, 160, 0)), ...Array.from({ length: 6 }, (_, k) => row(10 + k, 2, 30, 1)), ...Array.from({ length: 10 }, (_, k) => row(16 + k, 0, 160, 0))];
    expect([...sliverRows(rows)]).toEqual([10, 11, 12, 13, 14, 15]);
    // A leading limb as bright as the body: a ridge (background behind it) that is no sliver.
    expect(sliverRows(rows.map((r) => ({ ...r, contrast: 160 }))).size).toBe(0);
    const outline = rows.map((r) => ({ a: r.a, o: r.s[0] as number, points: 10 }));
    expect(leadingPoint(outline, 0.2).o).toBeGreaterThan(1.5);
    expect(leadingPoint(outline, 0.2, (a) => a >= 10 && a <= 15).o).toBeCloseTo(0, 1);
  });
});
