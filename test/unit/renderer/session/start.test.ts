/**
 * Time zero in the workspace session: the picture's times are race times (footage − zero), re-timed when the start
 * changes and only then; set-up's plan reaches only the race built from its footage; what the dialog sends the
 * engine holds only what the chosen way takes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { showRace } from '../../../../renderer/src/session/race.js';
import { DEFAULT_PLAN, planIsFor, startArgs } from '../../../../renderer/src/session/start.js';
import { initialSession, session } from '../../../../renderer/src/session/state.js';
import { columnTimes, raceView } from '../fakes/race-view.js';

const start = (timeNs: string | null): Record<string, unknown> => ({ start: { method: timeNs === null ? null : 'audio', time_ns: timeNs } });

beforeEach(() => {
  session.set(initialSession());
});

describe('race clock in the session', () => {
  it('shows times on the footage clock until a start is set, then from time zero, exactly', () => {
    showRace(raceView({ results: { finishers: [], ...start(null) } as never }), columnTimes());
    expect(session.get().race.times).toEqual([10_000_000_000n, 10_001_000_000n, 10_002_000_000n]);
    showRace(raceView({ results: { finishers: [], ...start('9876543210') } as never }), columnTimes());
    expect(session.get().race.times).toEqual([123_456_790n, 124_456_790n, 125_456_790n]);
    const times = session.get().race.times;
    // Another change (a mark) keeps the same times array: nothing on the picture is re-timed.
    showRace(raceView({ revision: 2, results: { finishers: [], ...start('9876543210') } as never }), columnTimes());
    expect(session.get().race.times).toBe(times);
    showRace(raceView({ results: { finishers: [], ...start('10000000000') } as never }), columnTimes());
    expect(session.get().race.times).toEqual([0n, 1_000_000n, 2_000_000n]);
  });
});

describe('start plan', () => {
  it('reaches only the race built from the footage it was made for', () => {
    const plan = { ...DEFAULT_PLAN, source: '/footage/heat 3.mp4' };
    expect(planIsFor(plan, '/footage/heat 3.mp4')).toBe(true);
    expect(planIsFor(plan, 'C:\\footage\\heat 3.mp4')).toBe(true);
    expect(planIsFor(plan, '/footage/heat 4.mp4')).toBe(false);
    expect(planIsFor(DEFAULT_PLAN, '/anything.mp4')).toBe(true);
  });

  it('sends the engine only what the chosen way takes (a temperature only with a distance)', () => {
    expect(startArgs({ ...DEFAULT_PLAN, method: 'typed', timeS: ' 12.5 ' })).toEqual({ method: 'typed', timeS: '12.5' });
    expect(startArgs({ ...DEFAULT_PLAN, method: 'flash', distanceM: '100' })).toEqual({ method: 'flash' });
    expect(startArgs({ ...DEFAULT_PLAN, temperatureC: '18' })).toEqual({ method: 'audio', audioPath: undefined, distanceM: undefined, temperatureC: undefined });
    expect(startArgs({ ...DEFAULT_PLAN, distanceM: '100', temperatureC: '18', audioPath: '/a.wav' })).toEqual({ method: 'audio', audioPath: '/a.wav', distanceM: '100', temperatureC: '18' });
  });
});
