/** What the viewer is handed for a race: hairline labels and colours, ghosts named once accepted, the CSS filter. */
import { describe, expect, it } from 'vitest';
import type { EdgeSuggestion, LeanRaceView } from '../../../../app/api/types.js';
import { DEFAULT_PICTURE } from '../../../../renderer/src/session/state.js';
import { pictureFilter, viewerData } from '../../../../renderer/src/viewer/viewer-data.js';
import { raceView } from '../fakes/race-view.js';

const TIMES = [10_000_000_000n, 10_001_000_000n, 10_002_000_000n];
const edge = (index: number, time_ns: string): EdgeSuggestion =>
  ({ index, column: 1.5, rows: [10, 20], time_ns, uncertainty_s: 0.000014, confidence: 0.9 }) as unknown as EdgeSuggestion;

function race(marks: unknown[]): LeanRaceView {
  return raceView({
    marks: marks as LeanRaceView['marks'],
    competitors: [{ id: '5', name: 'Five', colour: '#123456' }, { id: '17', name: 'Seventeen' }] as LeanRaceView['competitors'],
    evidence: { columns: 3, rows: 100, gaps: [], tiles: { tileWidth: 256, levels: [] }, measured: { medianIntervalNs: '1000000' } } as unknown as LeanRaceView['evidence'],
  });
}

describe('viewer data', () => {
  it('labels marks by competitor, flags typed and accepted-suggestion marks, and places typed times by the time map', () => {
    const d = viewerData(
      race([
        { competitorId: '5', position: { kind: 'column', milliColumn: 1250 }, origin: 'click' },
        { competitorId: '17', position: { kind: 'time', ns: '10001500000' }, origin: 'typed' },
        { competitorId: '9', position: { kind: 'time', ns: '10002000000' }, origin: 'suggestion', suggestion: { index: 2 } },
      ]),
      TIMES,
      '17',
      [],
      4,
    );
    expect(d.marks).toEqual([
      { competitorId: '5', label: '#5', colour: '#123456', column: 1.25, selected: false },
      { competitorId: '17', label: '#17 (typed)', colour: expect.stringMatching(/^#/), column: 1.5, selected: true },
      { competitorId: '9', label: '#9 (S3)', colour: '#ffffff', column: 2, selected: false },
    ]);
  });

  it('names a ghost after the competitor it was accepted for, and shows the others with their time', () => {
    const accepted = { competitorId: '5', position: { kind: 'time', ns: '10001500000' }, origin: 'suggestion', suggestion: { index: 0 } };
    const d = viewerData(race([accepted]), TIMES, null, [edge(0, '10001500000'), edge(1, '10001600000')], 4);
    expect(d.suggestions.map((s) => [s.label, s.acceptedFor])).toEqual([
      ['S1 → #5', '5'],
      ['S2 10.00160 s ±14 µs', null],
    ]);
  });

  it('hands a gap before column 0 on as afterColumn -1, also where an older manifest recorded it as 0', () => {
    const gaps = [
      // As builds before -1 existed wrote a bad first frame: after column 0, ending at column 0's own time.
      { afterColumn: 0, fromNs: '9999000000', toNs: '10000000000', reason: 'bad-frame' },
      { afterColumn: 0, fromNs: '10000000000', toNs: '10001000000', reason: 'interval' },
      { afterColumn: -1, fromNs: '9999000000', toNs: '10000000000', reason: 'bad-frame' },
    ];
    const view = race([]);
    const d = viewerData({ ...view, evidence: { ...view.evidence, gaps } as LeanRaceView['evidence'] }, TIMES, null, [], 4);
    expect(d.gaps.map((g) => g.afterColumn)).toEqual([-1, 0, -1]);
  });

  it('filters the tile layer only with the adjustments in use', () => {
    expect(pictureFilter(DEFAULT_PICTURE, 'url(#g)')).toBe('none');
    expect(pictureFilter({ ...DEFAULT_PICTURE, contrast: 1.5, invert: true, gamma: 2 }, 'url(#g)')).toBe('contrast(1.5) invert(1) url(#g)');
  });
});
