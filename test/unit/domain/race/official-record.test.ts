/**
 * The official record's rules, through the same command → sealed entry → replay path as the store: event identity,
 * DNS/DNF/DQ, dead heats only where the marks support them (and withdrawn when they stop doing so), hand times,
 * the rule checks and certification refused while anyone is unaccounted for.
 */
import { describe, expect, it } from 'vitest';
import { eventInfo, eventLine } from '../../../../app/domain/event/race-event.js';
import * as commands from '../../../../app/domain/race/commands/index.js';
import type { Mark, SportName } from '../../../../app/domain/race/document.js';
import { computeResults } from '../../../../app/domain/results/compute-results.js';
import type { RuleCheck } from '../../../../app/domain/results/checks.js';
import { RaceLog } from '../../../helpers/race-log.js';

/**
 * The record's own checks: time zero's (no start set, no zero-control test) and the event's (no event number) join
 * the list and are tested with them.
 */
const TIME_ZERO_CODES = new Set(['start-not-set', 'sound-delay-not-corrected', 'zero-control-missing', 'event-number-missing']);
const recordChecks = (checks: readonly RuleCheck[]) => checks.filter((c) => !TIME_ZERO_CODES.has(c.code));

/** 1 ms columns from 0 s: column c is c ms. */
const times = Array.from({ length: 200 }, (_, c) => BigInt(c) * 1_000_000n);

/** Competitors 1, 2, 3 (or `ids`) in `sport`; `mark(id, column)` places a column mark. */
class Log extends RaceLog {
  constructor(sport: SportName = 'motorsport', ids = ['1', '2', '3']) {
    super(times, { sport: { sport }, competitors: ids.map((id) => ({ id, name: `Runner ${id}` })) });
  }
  mark(id: string, column: number, origin: Mark['origin'] = 'image'): this {
    return this.markMilli(id, Math.round(column * 1000), origin, `m${this.entries.length}`);
  }
}

describe('event identity', () => {
  it('is set field by field, cleared with null, audited and undoable, and prints as the sheet and .lif read it', () => {
    const log = new Log('athletics');
    log.push(commands.setEvent(log.state, { number: 12, round: 1, heat: 3, name: 'Men 100m Final', windMps: 1.2 }));
    log.push(commands.setEvent(log.state, { meet: 'City Games', venue: 'Stadion', date: '2026-06-14', distanceM: 100 }));
    const e = eventInfo(log.doc.event);
    expect(e).toEqual({ number: 12, round: 1, heat: 3, name: 'Men 100m Final', meet: 'City Games', venue: 'Stadion', date: '2026-06-14', start_time: null, distance_m: 100, wind_mps: 1.2 });
    expect(eventLine(e)).toBe('Men 100m Final, round 1, heat 3, wind +1.2 m/s');
    expect(log.results().event).toEqual(e);
    log.push(commands.setEvent(log.state, { venue: null, windMps: -0.4 }));
    expect(eventLine(eventInfo(log.doc.event))).toBe('Men 100m Final, round 1, heat 3, wind -0.4 m/s');
    expect(eventInfo(log.doc.event).venue).toBeNull();
    log.push(commands.undo(log.state));
    expect(eventInfo(log.doc.event).venue).toBe('Stadion');
    expect(log.entries.map((x) => x.action).slice(1)).toEqual(['event.set', 'event.set', 'event.set', 'undo']);
  });

  it('refuses values that are not what they claim, naming the field', () => {
    const s = new Log().state;
    expect(() => commands.setEvent(s, { date: '2026-02-30' })).toThrow('event date "2026-02-30" is not a date written YYYY-MM-DD');
    expect(() => commands.setEvent(s, { windMps: 1.25 })).toThrow('wind 1.25 m/s: give one decimal (e.g. +1.2)');
    expect(() => commands.setEvent(s, { number: -3 })).toThrow('event number: -3 is not accepted (a whole number from 0 to 99999)');
    expect(() => commands.setEvent(s, { distanceM: 0 })).toThrow('event distance: 0 is not accepted (metres above 0)');
    expect(() => commands.setEvent(s, {})).toThrow('nothing to change');
  });

  it('falls back to the free-text event of races made before it existed', () => {
    expect(eventInfo(undefined, { event: '100m', round: '2', heat: 'A', venue: 'Track' })).toMatchObject({ name: '100m', round: 2, heat: null, venue: 'Track' });
    expect(eventInfo({ name: null }, { event: '100m' }).name).toBeNull();
  });
});

describe('DNS, DNF and DQ', () => {
  it('DNS/DNF refuse a mark and are refused while a mark stands; DQ keeps the time for the record without a place', () => {
    const log = new Log().mark('1', 10).mark('2', 20);
    expect(() => commands.setStatus(log.state, { competitorId: '1', status: 'DNF', by: 'R', at: 'x' })).toThrow(
      'competitor 1 has a mark; a competitor who did not finish has none: remove the mark first',
    );
    log.push(commands.setStatus(log.state, { competitorId: '3', status: 'DNS', reason: 'false start twice', by: 'Starter', at: 'x' }));
    expect(() => log.mark('3', 30)).toThrow('competitor 3 is recorded DNS (did not start); clear the status before marking');
    expect(() => commands.setStatus(log.state, { competitorId: '3', status: 'DNF', rule: 'TR 16.8', by: 'R', at: 'x' })).toThrow('a rule goes with a disqualification (DQ), not with DNF');
    log.push(commands.setStatus(log.state, { competitorId: '1', status: 'DQ', rule: 'TR 17.3.1', reason: 'lane infringement', by: 'Referee', at: 'y' }));
    const r = log.results();
    expect(r.finishers.map((f) => [f.place, f.competitor])).toEqual([[1, '2']]);
    expect(r.others).toEqual([
      { competitor: '1', name: 'Runner 1', status: 'DQ', rule: 'TR 17.3.1', reason: 'lane infringement', by: 'Referee', time_s: 0.01, time_ns: '10000000', time_display: '0.010' },
      { competitor: '3', name: 'Runner 3', status: 'DNS', rule: null, reason: 'false start twice', by: 'Starter', time_s: null, time_ns: null, time_display: '' },
    ]);
    expect(r.checks.filter((c) => c.severity === 'error')).toEqual([]);
    log.push(commands.clearStatus(log.state, '3'));
    log.mark('3', 30);
    expect(() => commands.clearStatus(log.state, '3')).toThrow('competitor 3 has no status to clear');
  });

  it('certification is refused, naming every competitor with neither mark nor status, until each has one', () => {
    const log = new Log().mark('2', 20);
    const certify = () => {
      const errors = log.results().checks.filter((c) => c.severity === 'error');
      return commands.certify(log.state, { official: 'J', role: 'Chief', at: 'z', manifestSha256: 'm', resultsSha256: 'r', resultsRules: 2, errors });
    };
    expect(certify).toThrow('cannot certify: competitors #1, #3 have neither a mark nor a status (DNS, DNF or DQ)');
    log.push(commands.setStatus(log.state, { competitorId: '1', status: 'DNF', by: 'R', at: 'x' }));
    expect(certify).toThrow('cannot certify: competitor #3 has neither a mark nor a status (DNS, DNF or DQ)');
    log.push(commands.setStatus(log.state, { competitorId: '3', status: 'DNS', by: 'R', at: 'x' }));
    log.push(certify());
    expect(log.doc.certified?.official).toBe('J');
    expect(() => commands.clearStatus(log.state, '3')).toThrow(/the race is certified/);
  });

  it('a start list that leaves out a competitor with a status is refused', () => {
    const log = new Log();
    log.push(commands.setStatus(log.state, { competitorId: '3', status: 'DNS', by: 'R', at: 'x' }));
    expect(() => commands.importStartList(log.state, 'new.csv', 'h', [{ id: '1', name: 'A' }])).toThrow('new.csv: leaves out competitor 3 (DNS), who has a status; clear it first');
  });
});

describe('the start list edited in the app', () => {
  it('is replayed as one entry; duplicates, dropping a marked or statused competitor, and a certified race are refused', () => {
    const log = new Log().mark('2', 20);
    log.push(commands.editStartList(log.state, [{ id: '2', name: 'Runner 2' }, { id: '3', name: 'Runner 3' }, { id: '9', name: 'New', team: 'T' }]));
    expect(log.doc.competitors.map((c) => c.id)).toEqual(['2', '3', '9']);
    expect(() => commands.editStartList(log.state, [{ id: '2', name: 'A' }, { id: '2', name: 'B' }])).toThrow('the start list has competitor 2 twice');
    expect(() => commands.editStartList(log.state, [{ id: '3', name: 'A' }])).toThrow('competitor 2 has a mark: remove the mark before removing the competitor');
    log.push(commands.setStatus(log.state, { competitorId: '3', status: 'DNS', by: 'R', at: 'x' }));
    expect(() => commands.editStartList(log.state, [{ id: '2', name: 'A' }])).toThrow('competitor 3 (DNS) has a status: clear it before removing the competitor');
    log.push(commands.setStatus(log.state, { competitorId: '9', status: 'DNF', by: 'R', at: 'x' }));
    log.push(commands.certify(log.state, { official: 'J', role: 'Chief', at: 'z', manifestSha256: 'm', resultsSha256: 'r', resultsRules: 2, errors: [] }));
    expect(() => commands.editStartList(log.state, log.doc.competitors)).toThrow(/the race is certified/);
  });
});

describe('dead heats', () => {
  it('motorsport: refused across different published times, saying why; accepted at the same 1/1000', () => {
    const log = new Log('motorsport').mark('1', 100.5).mark('2', 101.5).mark('3', 100.9);
    expect(() => commands.declareDeadHeat(log.state, times, ['1', '2'], 'R', 'x')).toThrow(
      'no dead heat between #1 and #2: #1 (0.101) and #2 (0.102) do not share a published time (motorsport: to the nearest 1/1000 s)',
    );
    expect(() => commands.declareDeadHeat(log.state, times, ['1', '3'], 'R', 'x')).not.toThrow();
  });

  it('athletics: the same time rounded up to 1/100 s; horse and greyhound: hairlines within one frame interval', () => {
    const athletics = new Log('athletics').mark('1', 100.5).mark('2', 109.5).mark('3', 110.5);
    expect(() => commands.declareDeadHeat(athletics.state, times, ['1', '2'], 'R', 'x')).not.toThrow(); // 0.11 and 0.11
    expect(() => commands.declareDeadHeat(athletics.state, times, ['2', '3'], 'R', 'x')).toThrow('#2 (0.11) and #3 (0.12) do not share a published time (athletics: rounded up to 1/100 s)');
    const horse = new Log('horse').mark('1', 100.2).mark('2', 101.1).mark('3', 102.5);
    expect(() => commands.declareDeadHeat(horse.state, times, ['1', '2'], 'Judge', 'x')).not.toThrow();
    expect(() => commands.declareDeadHeat(horse.state, times, ['1', '3'], 'Judge', 'x')).toThrow(
      "the hairlines of #1 and #3 are 0.0023 s apart, more than the picture's resolution there (0.001 s): the picture separates them",
    );
  });

  it('moving a dead-heated mark away withdraws the dead heat in the same entry, with a note; undo restores both', () => {
    // Issue 10: dead-heat 1 and 3 at 100.5, then move 3 to column 130.
    const log = new Log('motorsport').mark('1', 100.5).mark('3', 100.5).mark('2', 120);
    log.push(commands.declareDeadHeat(log.state, times, ['1', '3'], 'Referee', 'dh'));
    expect(log.results().finishers.map((f) => [f.place, f.competitor, f.margin_display])).toEqual([
      [1, '1', ''],
      [1, '3', ''], // no margin between dead-heaters, never 0.000
      [3, '2', '+0.020'],
    ]);
    log.mark('3', 130);
    expect(log.entries[log.entries.length - 1]?.action).toBe('mark.placed');
    expect(log.doc.deadHeats).toEqual([]);
    expect(log.doc.withdrawnDeadHeats).toEqual([
      { competitors: ['1', '3'], declaredBy: 'Referee', declaredAt: 'dh', by: 'J', at: expect.any(String), reason: 'the mark of #3 was moved: #1 (0.101) and #3 (0.130) do not share a published time (motorsport: to the nearest 1/1000 s)' },
    ]);
    const r = log.results();
    expect(r.finishers.map((f) => [f.place, f.competitor, f.margin_display, f.dead_heat])).toEqual([
      [1, '1', '', false],
      [2, '2', '+0.020', false],
      [3, '3', '+0.010', false],
    ]);
    expect(r.checks).toContainEqual({
      code: 'dead-heat-withdrawn',
      severity: 'warning',
      message: 'the dead heat between #1 and #3 (declared by Referee) was withdrawn by J: the mark of #3 was moved: #1 (0.101) and #3 (0.130) do not share a published time (motorsport: to the nearest 1/1000 s)',
    });
    log.push(commands.undo(log.state));
    expect(log.doc.deadHeats.map((d) => d.competitors)).toEqual([['1', '3']]);
    expect(log.doc.withdrawnDeadHeats).toBeUndefined();
  });

  it('a dead heat overlapping a declared one joins it where every member is inseparable; redeclaring is refused', () => {
    // Issue 20: DH 24,11 then DH 11,20 was accepted and silently dissolved the first (24 → 1st, 11 and 20 → 2nd).
    const log = new Log('athletics', ['24', '11', '20']).mark('24', 100.2).mark('11', 100.4).mark('20', 100.9);
    log.push(commands.declareDeadHeat(log.state, times, ['24', '11'], 'Referee', 'dh1'));
    log.push(commands.declareDeadHeat(log.state, times, ['11', '20'], 'Steward', 'dh2'));
    expect(log.doc.deadHeats.map((d) => [d.competitors, d.by])).toEqual([[['24', '11', '20'], 'Steward']]);
    expect(log.results().finishers.map((f) => [f.place, f.competitor, f.time_display, f.dead_heat_group])).toEqual([
      [1, '24', '0.11', ['24', '11', '20']],
      [1, '11', '0.11', ['24', '11', '20']],
      [1, '20', '0.11', ['24', '11', '20']],
    ]);
    expect(() => log.push(commands.declareDeadHeat(log.state, times, ['20', '24'], 'Referee', 'dh3'))).toThrow(
      'the dead heat between #20 and #24 is already declared: the dead heat between #24 and #11 and #20 (declared by Steward)',
    );
  });

  it('a dead heat that overlaps one it cannot join is refused naming the existing one: nothing dissolves', () => {
    // Greyhounds: hairlines within one frame (1 ms) of each other pair by pair, but 24 and 20 are 1.6 ms apart.
    const log = new Log('greyhound', ['24', '11', '20']).mark('24', 100).mark('11', 100.8).mark('20', 101.6);
    log.push(commands.declareDeadHeat(log.state, times, ['24', '11'], 'Referee', 'dh1'));
    expect(() => log.push(commands.declareDeadHeat(log.state, times, ['11', '20'], 'Steward', 'dh2'))).toThrow(
      'no dead heat between #11 and #20: it overlaps the dead heat between #24 and #11 (declared by Referee), and the two cannot be joined: the hairlines of #24 and #20 are 0.0016 s apart',
    );
    expect(log.doc.deadHeats.map((d) => d.competitors)).toEqual([['24', '11']]);
    expect(log.results().finishers.map((f) => [f.place, f.competitor])).toEqual([
      [1, '24'],
      [1, '11'],
      [3, '20'],
    ]);
  });

  it('a nudge that keeps the published time keeps the dead heat; removing a mark or disqualifying withdraws it', () => {
    const log = new Log('motorsport').mark('1', 100.5).mark('3', 100.5).mark('2', 120);
    log.push(commands.declareDeadHeat(log.state, times, ['1', '3'], 'Referee', 'dh'));
    log.mark('3', 100.6);
    expect(log.doc.deadHeats).toHaveLength(1);
    log.push(commands.removeMark(log.state, times, '3', 'J', 'rm'));
    expect(log.doc.deadHeats).toEqual([]);
    expect(log.doc.withdrawnDeadHeats?.[0]?.reason).toBe('the mark of #3 was removed');
    log.mark('3', 100.5);
    log.push(commands.declareDeadHeat(log.state, times, ['1', '3'], 'Referee', 'dh2'));
    log.push(commands.setStatus(log.state, { competitorId: '3', status: 'DQ', rule: 'Art. 12', by: 'Steward', at: 'dq' }));
    expect(log.doc.deadHeats).toEqual([]);
    expect(log.doc.withdrawnDeadHeats?.[1]).toMatchObject({ by: 'Steward', reason: '#3 was disqualified' });
    expect(() => commands.declareDeadHeat(log.state, times, ['1', '3'], 'R', 'x')).toThrow('competitor 3 is disqualified and takes no place; a dead heat shares a place');
  });

  it('an official withdraws a declared dead heat (audited, undoable); a dead heat that was never declared is named as such', () => {
    const log = new Log('motorsport').mark('1', 100.5).mark('2', 100.5).mark('3', 120);
    expect(() => commands.withdrawDeadHeat(log.state, ['1', '2'], 'R', 'x')).toThrow('no dead heat is declared between #1 and #2 (none is declared)');
    log.push(commands.declareDeadHeat(log.state, times, ['1', '2'], 'Referee', 'dh'));
    log.push(commands.withdrawDeadHeat(log.state, ['1', '2'], 'Chief Referee', 'w', 'photo re-read'));
    expect(log.doc.deadHeats).toEqual([]);
    expect(log.doc.withdrawnDeadHeats?.[0]).toMatchObject({ competitors: ['1', '2'], by: 'Chief Referee', reason: 'photo re-read' });
    expect(log.results().finishers.map((f) => [f.place, f.dead_heat, f.tie ?? false])).toEqual([
      [1, false, true],
      [1, false, true],
      [3, false, false],
    ]);
    log.push(commands.undo(log.state));
    expect(log.doc.deadHeats).toHaveLength(1);
  });

  it('a dead heat saved before the rule existed and not supported by the marks is ignored and stops certification', () => {
    const log = new Log('motorsport').mark('1', 100.5).mark('2', 110).mark('3', 130);
    const doc = { ...log.doc, deadHeats: [{ competitors: ['1', '3'], by: 'R', at: 'old' }] };
    const r = computeResults({ doc, times, gaps: [] });
    expect(r.finishers.map((f) => [f.place, f.competitor, f.margin_display])).toEqual([
      [1, '1', ''],
      [2, '2', '+0.010'],
      [3, '3', '+0.020'],
    ]);
    expect(r.checks[0]).toMatchObject({ code: 'dead-heat-unsupported', severity: 'error' });
  });
});

describe('hand times', () => {
  it('publish to 1/10 s rounded up with an "h", are flagged, and rank at their published tenth', () => {
    const log = new Log('athletics').time('1', 12_431_000_000n, 'hand').time('2', 12_400_000_000n, 'hand').time('3', 12_460_000_000n, 'typed');
    const r = log.results();
    expect(r.finishers.map((f) => [f.place, f.competitor, f.time_display, f.margin_display, f.hand ?? false])).toEqual([
      [1, '2', '12.4h', '', true],
      [2, '3', '12.46', '+0.06', false],
      [3, '1', '12.5h', '+0.04', true],
    ]);
    expect(recordChecks(r.checks).map((c) => c.code)).toEqual(['hand-time', 'typed-time', 'hand-time']);
    expect(recordChecks(r.checks)[2]?.message).toBe('#1: 12.5h is a hand time, not fully automatic');
  });
});

describe('rule checks', () => {
  it('athletics below 100 images/s is not fully automatic timing; 100 to 999 is a note; 1000 says nothing', () => {
    const log = new Log('athletics', ['1']).mark('1', 10);
    expect(recordChecks(log.results(30).checks)).toEqual([
      { code: 'athletics-rate-not-fat', severity: 'warning', message: 'the footage has 30.0 images per second: below 100, its times are not valid as fully automatic timing (World Athletics)' },
    ]);
    expect(recordChecks(log.results(240).checks)[0]?.code).toBe('athletics-rate-below-1000');
    expect(recordChecks(log.results(1000).checks)).toEqual([]);
    expect(recordChecks(new Log('motorsport', ['1']).mark('1', 10).results(30).checks)).toEqual([]);
  });

  it('flags a time across a dropped-frame gap and a hairline from a low-confidence suggestion', () => {
    const log = new Log('motorsport', ['1', '2']).mark('1', 50.5);
    log.push(commands.placeMark(log.state, times, { competitorId: '2', position: { kind: 'time', ns: '60000000' }, origin: 'suggestion', suggestion: { index: 0, uncertaintyNs: '100000', confidence: 0.3 }, by: 'J', at: 'x' }));
    const r = computeResults({ doc: log.doc, times, gaps: [{ afterColumn: 50 }] });
    expect(recordChecks(r.checks)).toEqual([
      { code: 'time-across-gap', severity: 'warning', message: '#1: the time is interpolated across a dropped-frame gap (1.0 ms without a picture)' },
      { code: 'low-confidence-suggestion', severity: 'warning', message: '#2: the hairline was accepted from a detected edge of low confidence (30%)' },
    ]);
  });
});
