import { describe, expect, it } from 'vitest';
import * as commands from '../../../../app/domain/race/commands/index.js';
import { RaceLog } from '../../../helpers/race-log.js';
import { resultsForHash } from '../../../../app/domain/results/compute-results.js';
import { clearStart, setStart } from '../../../../app/domain/start/start-commands.js';
import type { StartRecord } from '../../../../app/domain/start/start-record.js';

// 1000 fps footage whose clock starts at 12.000 s (a camera's own clock, not the gun).
const times = Array.from({ length: 20_000 }, (_, c) => 12_000_000_000n + BigInt(c) * 1_000_000n);
const competitors = [
  { id: 'A', name: 'Ann' },
  { id: 'B', name: 'Bo' },
  { id: 'C', name: 'Cy' },
];

class Log extends RaceLog {
  constructor() {
    super(times, { sport: { sport: 'athletics' }, competitors });
  }
  timeOf(id: string): string | null | undefined {
    return this.results().finishers.find((f) => f.competitor === id)?.time_ns;
  }
}

const start = (zeroNs: string, extra: Partial<StartRecord> = {}): StartRecord => ({ method: 'typed', zeroNs, uncertaintyNs: '0', by: 'Starter', at: 'now', ...extra });

function markedRace(): Log {
  const log = new Log();
  // A at column 10 234.567 (22.234567 s on the footage clock), B at an accepted edge's exact time, C typed.
  log.push(commands.placeMark(log.state, times, { competitorId: 'A', position: { kind: 'column', milliColumn: 10_234_567 }, origin: 'image', by: 'J', at: 'now' }));
  log.push(commands.placeMark(log.state, times, { competitorId: 'B', position: { kind: 'time', ns: '22240000123' }, origin: 'suggestion', by: 'J', at: 'now' }));
  log.push(commands.placeMark(log.state, times, { competitorId: 'C', position: { kind: 'time', ns: '10500000000' }, origin: 'typed', by: 'J', at: 'now' }));
  return log;
}

describe('race time from time zero', () => {
  it('stays on the footage clock until a start is set, and says so', () => {
    const log = markedRace();
    expect(log.timeOf('A')).toBe('22234567000');
    expect(log.results().start).toMatchObject({ method: null, time_s: null, sound_delay_s: null, by: null });
  });

  it('re-times every mark on the picture exactly (integer ticks) when a start is set and again when it changes', () => {
    const log = markedRace();
    log.push(setStart(log.state, start('12345678901')));
    expect(log.timeOf('A')).toBe(String(22_234_567_000n - 12_345_678_901n));
    expect(log.timeOf('B')).toBe(String(22_240_000_123n - 12_345_678_901n));
    // A typed time is a race time keyed in (a hand time): it is not on the picture and keeps its value.
    expect(log.timeOf('C')).toBe('10500000000');
    expect(log.results().finishers.find((f) => f.competitor === 'A')?.time_display).toBe('9.89');

    log.push(setStart(log.state, start('12054321000', { method: 'audio', soundDelayNs: '291362877', distanceM: '100', temperatureC: '20', detectedNs: '12345683877' })));
    expect(log.timeOf('A')).toBe(String(22_234_567_000n - 12_054_321_000n));
    expect(log.timeOf('B')).toBe(String(22_240_000_123n - 12_054_321_000n));
    expect(log.results().start).toMatchObject({ method: 'audio', time_ns: '12054321000', sound_delay_s: 0.291362877, distance_m: 100, temperature_c: 20, by: 'Starter' });
    // The readings' differences do not move with the start (the published margins round with the times).
    const r = log.results().finishers;
    expect(r.find((f) => f.competitor === 'B')?.reading_behind_previous_s).toBe(0.005433123);
    // The marks themselves were never rewritten: still the same positions on the picture.
    expect(log.state.doc.marks.map((m) => m.position)).toEqual([
      { kind: 'column', milliColumn: 10_234_567 },
      { kind: 'time', ns: '22240000123' },
      { kind: 'time', ns: '10500000000' },
    ]);
  });

  it('clearing the start puts the times back on the footage clock; the log replays to the same document', () => {
    const log = markedRace();
    log.push(setStart(log.state, start('12000000000')));
    log.push(clearStart(log.state));
    expect(log.timeOf('A')).toBe('22234567000');
    expect(log.state.doc.start).toBeUndefined();
    expect(() => clearStart(log.state)).toThrow('the race has no time zero to clear');
  });

  it('is refused once the race is certified (amend first), and joins the certified results hash', () => {
    const log = markedRace();
    log.push(setStart(log.state, start('12000000000')));
    const hashed = resultsForHash(log.results()) as { start?: unknown };
    expect(hashed.start).toMatchObject({ method: 'typed', time_ns: '12000000000' });
    log.push(commands.certify(log.state, { official: 'Chief', role: 'Chief photo-finish judge', at: 'now', manifestSha256: 'm', resultsSha256: 'x', resultsRules: 2 }));
    expect(() => setStart(log.state, start('11000000000'))).toThrow(/cannot change the start: the race is certified \(revision 1, by Chief\); amend it first/);
    expect(() => clearStart(log.state)).toThrow(/cannot clear the start: the race is certified/);
    log.push(commands.amend(log.state, 'Chief', 'Start re-read from the audio', 'later'));
    log.push(setStart(log.state, start('11000000000')));
    expect(log.timeOf('A')).toBe('11234567000');
  });

  it('a log entry that clears a start the race does not have makes the log inconsistent', () => {
    const log = markedRace();
    log.push({ action: 'start.cleared', payload: { before: start('1') } });
    expect(() => log.state).toThrow(/audit entry 5: clears a start that is not the race's/);
  });
});
