/**
 * Races with dead heats declared between hairlines that are not at the same instant, plus typed and hand times: what
 * the result rules version 2 changed. Their version-1 hashes were taken with the code before that change.
 */
import type { Competitor, Mark, RaceDocument, SportSettings } from '../../../../app/domain/race/document.js';

type Doc = Pick<RaceDocument, 'settings' | 'competitors' | 'marks' | 'deadHeats' | 'revision' | 'certified'>;

const competitors: Competitor[] = ['1', '2', '3', '4', '5'].map((id) => ({ id, name: `Dog ${id}` }));
const image = (id: string, milliColumn: number): Mark => ({ competitorId: id, position: { kind: 'column', milliColumn }, origin: 'image', by: 'J', at: 'now' });
const keyed = (id: string, ns: bigint, origin: 'typed' | 'hand'): Mark => ({ competitorId: id, position: { kind: 'time', ns: ns.toString() }, origin, by: 'J', at: 'now' });
const doc = (sport: SportSettings, marks: Mark[], dh: string[]): Doc => ({
  settings: { sport, direction: 'ltr' },
  competitors,
  marks,
  deadHeats: [{ competitors: dh, by: 'J', at: 'now' }],
  revision: 1,
});

/** 60 frames/s (16.666667 ms a frame), from 0. */
const video = Array.from({ length: 200 }, (_, c) => (BigInt(c) * 1_000_000_000n) / 60n);
/** 1000 frames/s, from 10 s. */
const fast = Array.from({ length: 200 }, (_, c) => 10_000_000_000n + BigInt(c) * 1_000_000n);

export interface Scenario {
  name: string;
  doc: Doc;
  times: bigint[];
  /** sha256 of the hashed result as the code before result rules existed computed it. */
  v1Sha256: string;
  /** sha256 of the hashed result by rules version 2, as the code before rules 3 computed it. */
  v2Sha256: string;
}

export const SCENARIOS: Scenario[] = [
  {
    // Traps 2 and 4 within one frame: 0.6705 s and 0.6795 s (published 0.67 and 0.68 before), then a typed time.
    name: 'greyhound',
    doc: doc({ sport: 'greyhound' }, [image('2', 40_230), image('4', 40_770), image('1', 43_000), keyed('3', 900_000_000n, 'typed')], ['4', '2']),
    times: video,
    v1Sha256: '226366fd0ebdec646341ca92c1e9dcb685a3b48f3a73e5330721dd342f54b9c6',
    v2Sha256: '5c1959e916396e393cbc123dcc9b7c0da9a565c044fe35a33e58f382cd429cb5',
  },
  {
    // 10.0801 s and 10.0804 s publish alike (10.080) but differed by +0.0003 in the margin; a hand time behind.
    name: 'motorsport',
    doc: doc({ sport: 'motorsport' }, [image('1', 80_100), image('2', 80_400), image('3', 95_000), keyed('4', 10_120_000_000n, 'hand')], ['1', '2']),
    times: fast,
    v1Sha256: '71bc88fbc04bd50b50056ac7cccfdb24b94860cbbb6fe1124086bc668a2a5928',
    v2Sha256: 'cf053673fa734ffb9753ce5c8c0e1233cbc8edd99dcc36f1cf12452fc1761ebf',
  },
];
