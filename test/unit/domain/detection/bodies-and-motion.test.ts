/**
 * The pure pieces that decide what is one competitor and how it moved: the outline test for one body or two, the
 * rigid fit of fronts over frames (uneven frame steps, rows seen only before or only after the line), and the still
 * background of a line-scan image an object fills most of.
 */
import { describe, expect, it } from 'vitest';
import { bodyBoundary, type OutlineRow } from '../../../../app/domain/detection/bodies.js';
import { fitRigidMotion, type RowPoints } from '../../../../app/domain/detection/rigid-motion.js';
import { stillBackground } from '../../../../app/domain/detection/still-background.js';
import { createRandom } from '../../../../app/demo/prng.js';

/** A rounded nose across `width` rows starting at `top`, set back `round` px at its sides, plus noise. */
function nose(top: number, width: number, round: number, lead: number, rnd: () => number): OutlineRow[] {
  return Array.from({ length: width }, (_, k) => {
    const u = (k + 0.5 - width / 2) / (width / 2);
    return { a: top + k, o: lead - round * u * u + (rnd() - 0.5) * 0.3, sigma: 0.1 };
  });
}

describe('bodyBoundary', () => {
  it('finds the notch where two touching cars meet, even when they cross 0.3 px apart', () => {
    const rnd = createRandom(3);
    const outline = [...nose(40, 26, 4, 0, rnd), ...nose(66, 26, 4, -0.3, rnd)];
    const at = bodyBoundary(outline, 5);
    expect(at).not.toBeNull();
    expect(Math.abs((at as number) - 66)).toBeLessThanOrEqual(2);
  });

  it('keeps one rounded nose whole, and one with a few unmeasured rows in it', () => {
    const rnd = createRandom(4);
    const one = nose(40, 52, 4, 0, rnd);
    expect(bodyBoundary(one, 5)).toBeNull();
    expect(bodyBoundary(one.filter((r) => r.a % 8 !== 3), 5)).toBeNull();
  });

  // Before: a blue car with a white stripe along its middle came out as two suggestions, its outline split at the
  // stripe's rows (their fronts read 3.5 px back, against the stripe).
  it('keeps one nose whole when a stripe just behind its tip sets a few rows back, and still splits two flat-fronted cars', () => {
    const rnd = createRandom(6);
    const slotted = nose(108, 28, 4, 0, rnd).map((r) => (r.a >= 119 && r.a <= 123 ? { ...r, o: r.o - 3.5 } : r));
    expect(bodyBoundary(slotted, 4)).toBeNull();
    const twoFlat = [...nose(40, 26, 1.5, 0, rnd), ...nose(66, 26, 1.5, 0, rnd)].map((r) => (Math.abs(r.a - 65.5) < 3 ? { ...r, o: r.o - 3 } : r));
    expect(bodyBoundary(twoFlat, 5)).not.toBeNull();
  });

  it('finds a notch too shallow for two cars only when asked for a shallower one (a torso and its legs)', () => {
    const rnd = createRandom(6);
    // A torso's blunt nose and, below it, legs whose mean front runs 0.3 px ahead of it: a dip of about 1.3 px between.
    const outline = [...nose(90, 46, 1.3, 0, rnd), ...nose(136, 34, 0.6, 0.3, rnd)];
    expect(bodyBoundary(outline, 4)).toBeNull();
    const at = bodyBoundary(outline, 4, 1);
    expect(at).not.toBeNull();
    expect(Math.abs((at as number) - 136)).toBeLessThanOrEqual(3);
  });

  it('separates two runs of rows with a wide gap between them', () => {
    const rnd = createRandom(5);
    expect(bodyBoundary([...nose(10, 20, 3, 0, rnd), ...nose(40, 20, 3, 0, rnd)], 5)).toBe(40);
  });
});

describe('fitRigidMotion', () => {
  it('follows uneven frame steps exactly (no steady speed assumed)', () => {
    // Steps of 12, 19, 13, 20 px, as in a clip converted from another frame rate; outline offsets per row.
    const p = [0, 12, 31, 44, 64];
    const rows: RowPoints[] = Array.from({ length: 30 }, (_, r) => ({ a: r, t: p.map((_, k) => k * 0.08), s: p.map((x) => x - 50 + 0.01 * (r - 15) ** 2) }));
    const fit = fitRigidMotion(rows);
    expect(fit).not.toBeNull();
    const steps = fit!.frames.slice(1).map((f, i) => f.p - fit!.frames[i]!.p);
    steps.forEach((s, i) => expect(s).toBeCloseTo(p[i + 1]! - p[i]!, 6));
    expect(fit!.rms).toBeLessThan(1e-6);
  });

  // Before: the steady-speed start left out the 5 frames before the 2-px step (all off it by 2 px alike), and the
  // crossing was only extrapolated from the frames after it (bench:detect-speed's purple car: a coarse ±1 ms reading).
  it('keeps every frame of a body moved in whole-pixel steps, the uneven one between the frames either side of the line', () => {
    // A box drawn at even pixels, 3.8 px per frame on average: steps of 4 px and one of 2 px, as ffmpeg's overlay
    // moves it; the front is 0.5 px short of the line in frame 4 and 1.5 px past it in frame 5.
    const p = [-16.5, -12.5, -8.5, -4.5, -0.5, 1.5, 5.5, 9.5, 13.5, 17.5, 21.5, 25.5, 29.5];
    const rows: RowPoints[] = Array.from({ length: 40 }, (_, r) => ({ a: r, t: p.map((_, k) => k * 0.001), s: p.map((x) => x + 0.01 * (r % 3)) }));
    const fit = fitRigidMotion(rows, true);
    expect(fit).not.toBeNull();
    expect(fit!.frames).toHaveLength(p.length);
    const steps = fit!.frames.slice(1).map((f, i) => f.p - fit!.frames[i]!.p);
    steps.forEach((s, i) => expect(s).toBeCloseTo(p[i + 1]! - p[i]!, 6));
  });

  it('ties together rows seen only before the line and rows seen only after it', () => {
    // Half the rows show the front in frames 0–3, the other half in frames 5–9 (a car the colour of the
    // stripes it crosses); a few rows of each half are seen once more in frame 9. Speed 1.5 px per frame.
    const rows: RowPoints[] = [];
    for (let r = 0; r < 24; r++) {
      const early = r % 6 < 3;
      const frames = early ? [0, 1, 2, 3, ...(r % 12 === 0 ? [9] : [])] : [5, 6, 7, 8, 9];
      rows.push({ a: r, t: frames.map((k) => k * 0.001), s: frames.map((k) => -6 + 1.5 * k - 0.02 * (r - 12) ** 2) });
    }
    const fit = fitRigidMotion(rows);
    expect(fit).not.toBeNull();
    expect(fit!.rows).toHaveLength(24);
    const byA = new Map(fit!.rows.map((r) => [r.a, r.o]));
    // Offsets of both halves on one outline: row 12 (the tip) leads row 0 by 0.02 × 144 px.
    expect(byA.get(12)! - byA.get(0)!).toBeCloseTo(2.88, 6);
  });
});

describe('stillBackground', () => {
  it('finds the empty line in a line-scan image that an object fills two thirds of', () => {
    const W = 600;
    const H = 60;
    const rnd = createRandom(6);
    const data = new Uint8Array(W * H * 3);
    for (let r = 0; r < H; r++) {
      const streak = [40 + ((r * 37) % 180), 60 + ((r * 53) % 150), 80 + ((r * 29) % 160)];
      for (let c = 0; c < W; c++) {
        // From column 200 on, a "train" whose panels change every 37 columns.
        const train = c >= 200 && r >= 5 && r < 55;
        const colour = train ? [30 + ((Math.floor(c / 37) * 71) % 200), 90, 200 - ((Math.floor(c / 37) * 31) % 150)] : streak;
        for (let ch = 0; ch < 3; ch++) data[(r * W + c) * 3 + ch] = Math.max(0, Math.min(255, Math.round((colour[ch] as number) + (rnd() - 0.5) * 4)));
      }
    }
    const { background, columns } = stillBackground({ width: W, height: H, data });
    expect(Math.max(...columns)).toBeLessThan(200);
    for (const r of [0, 10, 30, 50]) {
      const streak = [40 + ((r * 37) % 180), 60 + ((r * 53) % 150), 80 + ((r * 29) % 160)];
      for (let ch = 0; ch < 3; ch++) expect(Math.abs(background[r * 3 + ch]! - streak[ch]!)).toBeLessThan(3);
    }
  });
});
