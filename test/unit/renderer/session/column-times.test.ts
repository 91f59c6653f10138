/**
 * The column times come once per race: opening it asks `getColumnTimes` beside `openRace`; a change (a mark, undo)
 * asks only for the change, and its hairline is placed on the times already held; evidence whose times changed under
 * the app (a new `timesSha256`) is asked for again. Times are the engine's exact nanoseconds, on the race clock.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnTimesView, LeanRaceView } from '../../../../app/api/types.js';

const calls: string[] = [];
const answers: Record<string, () => unknown> = {};
vi.mock('../../../../renderer/src/api/index.js', () => ({
  rendererApi: {
    api: new Proxy(
      {},
      {
        get: (_t, method: string) => async () => {
          calls.push(method);
          const answer = answers[method];
          if (!answer) throw new Error(`${method} was not expected`);
          return answer();
        },
      },
    ),
    subscribe: () => () => undefined,
  },
}));

const { setOfficial } = await import('../../../../renderer/src/session/official.js');
const { openRaceAt } = await import('../../../../renderer/src/session/navigation.js');
const { dragMarkTo } = await import('../../../../renderer/src/session/marks.js');
const { undo } = await import('../../../../renderer/src/session/race.js');
const { initialSession, session } = await import('../../../../renderer/src/session/state.js');
const { columnTimes, raceView } = await import('../fakes/race-view.js');

const TIMES = ['10000000001', '10001000003', '10002000007'];
let view: LeanRaceView;
let times: ColumnTimesView;

beforeEach(() => {
  calls.length = 0;
  session.set(initialSession());
  setOfficial('A. Judge');
  view = raceView({ results: { finishers: [], start: { time_ns: '1' } } as never });
  times = columnTimes(TIMES);
  answers.openRace = () => view;
  answers.getColumnTimes = () => times;
  answers.detectEdges = () => ({ edges: [] });
  answers.placeMark = () => ({ ...view, revision: 2 });
  answers.undo = () => ({ ...view, revision: 3 });
});

describe('column times in the workspace', () => {
  it('are fetched once when the race opens, exactly, and not again with each change', async () => {
    await openRaceAt('/races/heat-1');
    expect(calls.filter((c) => c !== 'detectEdges')).toEqual(['openRace', 'getColumnTimes']);
    // On the race clock: footage time − time zero (1 ns), to the nanosecond.
    expect(session.get().race.times).toEqual([10_000_000_000n, 10_001_000_002n, 10_002_000_006n]);
    const held = session.get().race.times;

    calls.length = 0;
    await dragMarkTo('5', 1500);
    await undo();
    expect(calls).toEqual(['placeMark', 'undo']);
    expect(session.get().race.view?.revision).toBe(3);
    expect(session.get().race.times).toBe(held);
  });

  it('are fetched again where the evidence says its times changed', async () => {
    await openRaceAt('/races/heat-1');
    calls.length = 0;
    answers.placeMark = () => ({ ...view, revision: 2, evidence: { ...view.evidence, timesSha256: 'times-2' } });
    times = columnTimes(['20000000000', '20001000000', '20002000000'], 'times-2');
    await dragMarkTo('5', 1500);
    expect(calls).toEqual(['placeMark', 'getColumnTimes']);
    expect(session.get().race.times[0]).toBe(19_999_999_999n);
  });
});
