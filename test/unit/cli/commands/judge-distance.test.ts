/**
 * The judge's distance in horse racing, within the British limits (issue 20): `distance --set 3¼` is accepted, and
 * the judge may amend only the first three distances, by at most three lengths (BHA: "This would be done for the
 * first three distances up to three lengths"). Before, any finisher's distance could be set to anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../fixtures/cli-capture.js';
import { makeRaceFixture, type RaceFixture } from '../../../helpers/race-fixture.js';

let f: RaceFixture;
const HORSES = ['1', '2', '3', '4', '5'].map((id) => ({ id, name: `Horse ${id}` }));
beforeAll(async () => {
  // Columns 0.1 s apart: at 5 lengths per second each column is half a length.
  const timesNs = Array.from({ length: 12 }, (_, c) => 10_000_000_000n + BigInt(c) * 100_000_000n);
  f = await makeRaceFixture({ sport: 'horse', competitors: HORSES, timesNs, gaps: [] });
  await runCli(['sport', f.dir, 'horse', '--lengths-per-second', '5', '--by', 'Judge']);
  for (const [id, column] of [['1', 0], ['2', 1], ['3', 2], ['4', 3], ['5', 9]] as const) {
    await runCli(['mark', f.dir, '--competitor', id, '--column', String(column), '--by', 'Judge']);
  }
});
afterAll(async () => f.cleanup());

const set = (id: string, distance: string) => runCli(['distance', f.dir, '--competitor', id, '--set', distance, '--reason', 'head-on view', '--by', 'Judge']);

describe("the judge's distance", () => {
  it('accepts 3¼ (and 3 1/4 as typed), printed "3¼ lengths"', async () => {
    const r = await set('3', '3¼');
    expect(r.err).toBe('');
    expect(r.out).toBe('3: 3¼ lengths (computed ½ length); by Judge');
    expect((await set('3', '3 1/4')).out).toBe('3: 3¼ lengths (computed ½ length); by Judge');
  });

  it('amends by at most three lengths: ½ to 3½ is allowed, ½ to 4 refused', async () => {
    expect((await set('2', '3½')).code).toBe(0);
    const far = await set('2', '4');
    expect(far.code).toBe(2);
    expect(far.err).toBe('photofinish distance: "4" is 3.5 lengths from the computed ½ length: the judge may amend a distance by at most 3 lengths, per the BHA');
  });

  it('amends only the first three distances: not the winner, not the fifth', async () => {
    expect((await set('4', 'neck')).code).toBe(0);
    const fifth = await set('5', '2');
    expect(fifth.err).toBe('photofinish distance: competitor 5 is finisher 5: the judge may amend only the first 3 distances (behind the 2nd, 3rd and 4th), per the BHA');
    expect((await set('1', 'head')).err).toBe('photofinish distance: competitor 1 is not behind another finisher: the winner has no distance to amend');
  });
});
