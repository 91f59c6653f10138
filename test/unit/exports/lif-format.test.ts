/**
 * The FinishLynx .lif as meet-management software reads it (issue 20, "Files that meet software reads"): the header's
 * start time of day HH:MM:SS.mmm, the time field plain seconds (a hand time without its "h"), the precision of the
 * meet's database, no invented event number, and each header field where FinishLynx documents it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaceView } from '../../../app/api/types.js';
import { UserError } from '../../../app/domain/errors.js';
import { parseStartList } from '../../../app/domain/start-list/parse-start-list.js';
import { decodeCp1252 } from '../../../app/domain/text/cp1252.js';
import { resultsLif } from '../../../app/exports/lif.js';
import { defaultLifPrecision, lifStartTime, lifTime } from '../../../app/exports/lif-format.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { parseCsvRecords } from '../../helpers/export-csv.js';

let fx: ExportFixture;
beforeAll(async () => {
  fx = await makeExportFixture();
});
afterAll(async () => fx.cleanup());

const records = (view: RaceView, precision?: '0.01' | '0.001') => parseCsvRecords(decodeCp1252(resultsLif(view, precision)));
const withEvent = (patch: Partial<RaceView['event']>): RaceView => ({ ...fx.view, event: { ...fx.view.event, ...patch } });

describe('.lif header', () => {
  it('writes the start time of day as HH:MM:SS.mmm (a reader takes 14:05:30 without it as something else)', () => {
    expect(records(withEvent({ start_time: '14:05:30' }))[0]?.[10]).toBe('14:05:30.000');
    expect(lifStartTime('14:05')).toBe('14:05:00.000');
    expect(lifStartTime('14:05:30.5')).toBe('14:05:30.500');
    expect(lifStartTime('09:00:01.234')).toBe('09:00:01.234');
  });

  it('leaves template, capture time and capture duration empty: field 9 is not the footage length', () => {
    const header = records(fx.view)[0] as string[];
    expect(header.slice(6, 9)).toEqual(['', '', '']);
    expect(header[9]).toBe('100');
  });

  it('invents no event number: "2026 County Champs 100m" without a number is refused, naming the fix', () => {
    const view = withEvent({ number: null, name: '2026 County Champs 100m' });
    let err: unknown;
    try {
      resultsLif(view);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).hint).toBe('set-event-number');
    expect((err as UserError).message).toMatch(/event's number/);
  });
});

describe('.lif time field', () => {
  it('holds a hand time as plain seconds (12.431 by hand → 12.5, the "h" is the sheet\'s)', () => {
    expect(lifTime(12_431_000_000n, '0.01', 'athletics', true)).toBe('12.5');
    // The issue's own: `mark --time 2.431 --hand` (2.5h on the sheet) was "2.5h" in the field, which readers take as 0.
    expect(lifTime(2_431_000_000n, '0.01', 'athletics', true)).toBe('2.5');
    expect(lifTime(2_431_000_000n, '0.001', 'athletics', true)).toBe('2.5');
    const finishers = fx.view.results.finishers.map((f, i) => (i === 1 ? { ...f, hand: true, time_ns: '12431000000', time_display: '12.5h' } : f));
    const view = { ...fx.view, results: { ...fx.view.results, finishers } };
    const row = records(view)[2] as string[];
    expect(row[6]).toBe('12.5');
    expect(records(view).every((r) => !r.some((cell) => /\dh$/.test(cell)))).toBe(true);
  });

  it('is at the meet database precision: 0.01 by default for athletics, thousandths on asking; motorsport 0.001', () => {
    expect(defaultLifPrecision('athletics')).toBe('0.01');
    expect(defaultLifPrecision('horse')).toBe('0.01');
    expect(defaultLifPrecision('motorsport')).toBe('0.001');
    const winner = fx.view.results.finishers[0];
    const second = fx.view.results.finishers[1];
    const hundredths = records(fx.view)[1] as string[];
    const thousandths = records(fx.view, '0.001')[1] as string[];
    expect(hundredths[6]).toMatch(/^\d+\.\d{2}$/);
    expect(thousandths[6]).toMatch(/^\d+\.\d{3}$/);
    // Athletics rounds up at either precision (9.5721 → 9.573 → 9.58).
    expect(lifTime(9_572_100_000n, '0.001', 'athletics')).toBe('9.573');
    expect(lifTime(9_572_100_000n, '0.01', 'athletics')).toBe('9.58');
    expect(lifTime(9_572_400_000n, '0.001', 'motorsport')).toBe('9.572');
    expect(lifTime(65_440_000_000n, '0.01', 'athletics')).toBe('1:05.44');
    // The delta is the difference of the time fields, at the same precision, without a sign.
    const row2 = records(fx.view, '0.001')[2] as string[];
    const t = (s: string) => Number(s);
    expect(t(row2[8] as string)).toBeCloseTo(t(row2[6] as string) - t(thousandths[6] as string), 9);
    expect(winner && second).toBeTruthy();
  });
});

describe('.evt event line', () => {
  it("reads the event line's distance into the race event's distance", () => {
    const evt = ['12,1,3,Men 100m Final,,,,,,100', ',101,3,Müller,Jürgen,TV Köln', '5,1,1,Mile,,,,,,1609.344', ',31,1,Adeyemi,Tolu,Lagos AC', '7,1,1,No distance', ',40,1,Ng,Li,X'].join('\r\n');
    expect(parseStartList(evt, 'evt', 'lynx.evt', { event: '12-1-3' }).event?.distanceM).toBe(100);
    expect(parseStartList(evt, 'evt', 'lynx.evt', { event: '5-1-1' }).event?.distanceM).toBe(1609.344);
    expect(parseStartList(evt, 'evt', 'lynx.evt', { event: '7-1-1' }).event?.distanceM).toBeUndefined();
  });
});
