/** A race as the engine returns it, with only what the session and the actions read filled in. */
import type { ColumnTimesView, LeanRaceView } from '../../../../app/api/types.js';

export function raceView(extra: Partial<LeanRaceView> = {}): LeanRaceView {
  return {
    raceId: 'race-1',
    path: '/races/heat-1',
    evidence: { columns: 3, measured: { medianIntervalNs: '1000000' }, gaps: [], timesSha256: 'times-1' },
    direction: 'ltr',
    competitors: [
      { id: '5', name: 'Five' },
      { id: '17', name: 'Seventeen' },
      { id: '024', name: 'Twenty-four' },
    ],
    marks: [{ competitorId: '5', position: { kind: 'column', milliColumn: 1000 }, origin: 'click', by: 'A. Judge' }],
    deadHeats: [],
    triggers: [],
    results: { finishers: [] },
    revision: 1,
    certified: null,
    amendments: [],
    canUndo: true,
    canRedo: false,
    auditHead: 'abc',
    auditCount: 3,
    ...extra,
  } as unknown as LeanRaceView;
}

/** The column times the engine gives with `getColumnTimes` (footage clock); `sha256` as the fake view's evidence says. */
export function columnTimes(timesNs: string[] = ['10000000000', '10001000000', '10002000000'], sha256 = 'times-1'): ColumnTimesView {
  return { timesNs, frames: timesNs.map((_, i) => i), sha256 };
}

export const CERTIFIED = { official: 'A. Judge', role: 'Chief photo-finish judge', at: '2026-05-01T10:00:00Z' } as LeanRaceView['certified'];
