/**
 * Issue 25 on footage from the corpus's tuning set (test/synthetic/corpus.ts; the test set is never used to tune),
 * through the real build and detector: a cyclist (a head above the rider, wheels below the frame) gets one
 * suggestion, not three; the shadows of something out of view sweeping across the line give no suggestion that
 * is not flagged `low-confidence`, while the car crossing among them is found and is not flagged (nor is anything
 * that leaves the line only as the sun comes out); cars casting a hard shadow ahead of themselves are read at their
 * noses, not at the shadows' fronts; a mirror-like car (road-grey) is read at its front to a fraction of a frame,
 * not frames late at its roof band; a shaking
 * camera's three cars are each found once and read within a tenth of a frame; walkers, sprinters and galloping
 * horses get one suggestion each, their swinging legs (and a dark sprinter's arms) joined to the body; a 15 fps van
 * whose road-grey strip leaves a blurred sliver of white ahead of it is read at its nose. Some of it again at half
 * the frame rate (corpus-half-rate.ts): a hard shadow over fewer frames, horses' legs swinging through more stride.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tuningSet } from '../../synthetic/corpus.js';
import { scoreScenario, type ScenarioScore } from '../../synthetic/score.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'pf-detect-corpus-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const tuning = (start: string) => {
  const s = tuningSet().find((x) => x.name.startsWith(start));
  if (!s) throw new Error(`no tuning scenario "${start}"`);
  return s;
};

/** Every body found, one suggestion each and nothing else, each within a tenth of a frame of its crossing. */
function oneSuggestionEach(score: ScenarioScore, what: string): void {
  expect(score.missed).toEqual([]);
  expect(score.splitBodies).toEqual([]);
  expect(score.falseEdges).toEqual([]);
  for (const e of score.edges) expect(Math.abs(e.errorFrames), `${what} ${e.id}`).toBeLessThan(0.1);
}

describe('detection on the corpus (tuning set)', () => {
  it('gives a cyclist one suggestion, not one per head, frame and wheel', async () => {
    const score = await scoreScenario(tuning('cyclists with soft shadows'), path.join(work, 'cyclists'));
    expect(score.missed).toEqual([]);
    expect(score.splitBodies).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    // Before: cyclist 2 was read 0.46 frame early at 26σ (one row of its frame, at the edge of its soft shadow, read
    // 9 px ahead of the rest, and the tip's parabola followed it).
    for (const e of score.edges) {
      expect(Math.abs(e.errorFrames), `cyclist ${e.id}`).toBeLessThan(0.1);
      expect(e.sigmas, `cyclist ${e.id}`).toBeLessThan(3);
    }
  });

  // Before: each cyclist at 15 fps got two suggestions, the rider's 0.6 frame after the front wheel's (confidence 0.98).
  it('gives a cyclist at 15 fps through a GIF palette one suggestion, at the front wheel', async () => {
    oneSuggestionEach(await scoreScenario(tuning('cyclists, GIF palette, dithered (15 fps)'), path.join(work, 'cyclists-15')), 'cyclist');
  });

  // Before, at half the frame rate: the soft shadow (rows 61–97) was suggested unflagged at confidence 0.84.
  it.each([
    ['shadow of something out of view sweeping across the line (400 fps)', 'shadow'],
    ['shadow of something out of view sweeping across the line (200 fps, half-rate draw)', 'shadow-half'],
  ])('flags low-confidence every suggestion a shadow from out of view makes, and finds the car unflagged: %s', async (name, folder) => {
    const score = await scoreScenario(tuning(name), path.join(work, folder));
    expect(score.missed).toEqual([]);
    expect(score.edges[0]!.flags).not.toContain('low-confidence');
    expect(Math.abs(score.edges[0]!.errorFrames)).toBeLessThan(0.5);
    for (const e of score.phantoms) expect(e.flags, `suggestion #${e.index} rows ${e.rows.join('–')}`).toContain('low-confidence');
    expect(score.phantoms.length).toBeGreaterThan(0);
  });

  // Before: a 5-row speck on the line from the first column until the sun came out (rows 137–141, contrast 2.6) was
  // suggested unflagged: an object on the line at the start was judged by its contrast alone.
  it('flags low-confidence what leaves the line only as the sun comes out, and finds both cars unflagged', async () => {
    const score = await scoreScenario(tuning('the sun comes out'), path.join(work, 'sun'));
    expect(score.missed).toEqual([]);
    for (const e of score.edges) expect(e.flags, `car ${e.id}`).not.toContain('low-confidence');
    for (const e of score.falseEdges) expect(e.flags, `suggestion #${e.index} rows ${e.rows.join('–')}`).toContain('low-confidence');
  });

  // Before: both cars were read at their shadows' fronts, 1.6 and 2.4 frames early, with ±0.1 ms claimed. And at half
  // the frame rate (12 px a frame) the yellow car was read 0.78 frame early at 66σ, at its shadow's front: its
  // shadow lay over the chequered line in 4 of its 400 fronts, under the 2 % once asked of every object.
  it.each([
    ['hard shadows ahead of the cars and a glint (250 fps)', 'hard-shadows'],
    ['hard shadows ahead of the cars and a glint (125 fps, half-rate draw)', 'hard-shadows-half'],
  ])('reads a car with a hard shadow ahead of it at its nose, within its stated uncertainty: %s', async (name, folder) => {
    const score = await scoreScenario(tuning(name), path.join(work, folder));
    expect(score.missed).toEqual([]);
    expect(score.splitBodies).toEqual([]);
    expect(score.edges).toHaveLength(2);
    for (const e of score.edges) {
      expect(Math.abs(e.errorFrames), `car ${e.id}`).toBeLessThan(0.1);
      expect(e.sigmas, `car ${e.id}`).toBeLessThan(3);
    }
  });

  // Before: at half the frame rate the black car kept 4 of its 27 rows in the composite (it shows on the chequered
  // line's white squares only, 3 rows at a time) and was read 0.24 frame late at 7.4σ.
  it('reads a black car over the chequered line at half the frame rate at its nose, within its stated uncertainty', async () => {
    const score = await scoreScenario(tuning('black, mirror-like and striped cars (150 fps, half-rate draw'), path.join(work, 'black-half'));
    const black = score.edges.find((e) => e.id === '1');
    expect(black).toBeDefined();
    expect(Math.abs(black!.errorFrames)).toBeLessThan(0.1);
    expect(black!.sigmas).toBeLessThan(3);
  });

  // Before: the first horse's legs got a suggestion of their own, 2.8 frames after its nose, confidence 0.91: they
  // swung 0.92 of the swing's threshold and moved 0.95 of the speed share's, each just short.
  it('gives each galloping horse one suggestion at half the frame rate, its legs joined to it', async () => {
    oneSuggestionEach(await scoreScenario(tuning('horses at the gallop (250 fps, half-rate draw)'), path.join(work, 'horses-half')), 'horse');
  });

  // Before: the mirror car (road-grey, a sky-coloured roof band) was read at its roof, 5 frames late, confidence
  // 0.99, and the suggestion matched to it was -0.87 frame off at 19.6σ.
  // Before: also a second suggestion each for the black car (its corner, seen apart on the white squares of the
  // line) and the striped car (its outline split at the stripe).
  // Before: then the mirror car got only the composite's coarse reading (-0.31 frame, ±1 frame, no-sub-frame): its
  // body differs from the road by 15–29, under the fits' threshold of 21.9 that the chequered line's noise set.
  it('gives the black, mirror-like and striped cars one suggestion each, the mirror car read at its front to a fraction of a frame', async () => {
    const score = await scoreScenario(tuning('black, mirror-like'), path.join(work, 'mirror'));
    expect(score.missed).toEqual([]);
    expect(score.splitBodies).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    const mirror = score.edges.find((e) => e.id === '2');
    expect(mirror!.calibrated).toBe(true);
    expect(mirror!.flags).not.toContain('no-sub-frame');
    expect(Math.abs(mirror!.errorFrames)).toBeLessThan(0.15);
    expect(mirror!.sigmas).toBeLessThan(2);
    // No second suggestion on its rows claims to be sure (the roof band's was 0.99).
    const onMirror = score.falseEdges.filter((e) => e.rows[0] <= 92 && e.rows[1] >= 66);
    for (const e of onMirror) expect(e.confidence, `suggestion #${e.index} rows ${e.rows.join('–')}`).toBeLessThan(0.9);
  });

  // Before: the shaking mount slid the chequered line by whole rows from frame to frame, so its rows' thresholds
  // rose over what the white car shows: it was missed, five pieces of it and the shake came out at one time, and the
  // blue car was read 0.24 frame late at 17σ.
  it('finds each car a shaking camera filmed once, read within a tenth of a frame', async () => {
    const score = await scoreScenario(tuning('shaking camera'), path.join(work, 'shaking'));
    expect(score.missed).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    expect(score.edges).toHaveLength(3);
    for (const e of score.edges) {
      expect(Math.abs(e.errorFrames), `car ${e.id}`).toBeLessThan(0.1);
      expect(e.sigmas, `car ${e.id}`).toBeLessThan(3);
      }
    });

  // Before: the walker's legs (confidence 0.95), a dark sprinter's arms and a horse's barrel and legs each got a
  // suggestion of their own beside the body's.
  it.each(['people walking', 'sprinters', 'horses'])('gives each of the %s one suggestion, its limbs joined to it, within half a frame', async (start) => {
    const score = await scoreScenario(tuning(start), path.join(work, start.replace(/\W+/g, '-')));
    expect(score.missed).toEqual([]);
    expect(score.splitBodies).toEqual([]);
    expect(score.falseEdges).toEqual([]);
    for (const e of score.edges) expect(Math.abs(e.errorFrames), `body ${e.id}`).toBeLessThan(0.5);
  });

  // Before: the walkers were read 0.07 and 0.18 frame early with ±0.015 and ±0.044 frame claimed (4.5 and 4.1σ): the
  // second one's legs, read with its torso as one rigid outline, set its leading point.
  it('reads each walker within its stated uncertainty', async () => {
    const score = await scoreScenario(tuning('people walking, swinging'), path.join(work, 'walkers-sigma'));
    expect(score.edges).toHaveLength(2);
    for (const e of score.edges) {
      expect(Math.abs(e.errorFrames), `walker ${e.id}`).toBeLessThan(0.1);
      expect(e.sigmas, `walker ${e.id}`).toBeLessThan(3);
    }
  });

  // Before: 0.154 frame early at 15σ: its road-grey strip's rows, blurred over 5.6 px with only a pixel of white
  // ahead of the strip, read 1.8 px ahead of the nose and set the leading point (sliver-rows.ts).
  it('reads a 15 fps van at its nose, not at the blurred sliver ahead of its road-grey strip', async () => {
    const score = await scoreScenario(tuning('van with side windows'), path.join(work, 'van'));
    expect(score.missed).toEqual([]);
    const van = score.edges.find((e) => e.id === '1');
    expect(Math.abs(van?.errorFrames ?? 1)).toBeLessThan(0.05);
    expect(van?.sigmas).toBeLessThan(3);
  });
});
