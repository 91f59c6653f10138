/** The official record from the command line: `event`, `status`, `dead-heat --withdraw`, `mark --hand`, and what `amend` says. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliRace } from '../../../helpers/cli-race.js';

const { race, cli } = useCliRace('athletics');
const auditActions = async () => (await fs.readFile(path.join(race().dir, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l).action as string);

describe('photofinish event', () => {
  it('sets the event; info --json and results --json carry it', async () => {
    const r = await cli('event', race().dir, '--number', '12', '--round', '1', '--heat', '3', '--name', 'Men 100m Final', '--wind', '+1.2', '--meet', 'City Games', '--date', '2026-06-14', '--time-of-day', '14:05:30', '--distance', '100', '--by', 'Clerk');
    expect(r).toEqual({ code: 0, out: 'Event of "Test heat" set by Clerk: Men 100m Final, round 1, heat 3, wind +1.2 m/s\n  event 12, City Games, Test track, 2026-06-14, start 14:05:30, 100 m', err: '' });
    const event = { number: 12, round: 1, heat: 3, name: 'Men 100m Final', meet: 'City Games', venue: 'Test track', date: '2026-06-14', start_time: '14:05:30', distance_m: 100, wind_mps: 1.2 };
    expect(JSON.parse((await cli('info', race().dir, '--json')).out).event).toEqual(event);
    expect(JSON.parse((await cli('results', race().dir, '--json')).out).event).toEqual(event);
    expect((await cli('results', race().dir)).out).toContain('Event: Men 100m Final, round 1, heat 3, wind +1.2 m/s');
    expect((await cli('event', race().dir, '--wind=-0.4', '--venue', '', '--by', 'Clerk')).code).toBe(0);
    expect(JSON.parse((await cli('info', race().dir, '--json')).out).event).toMatchObject({ wind_mps: -0.4, venue: null });
    expect((await auditActions()).slice(1)).toEqual(['event.set', 'event.set']);
  });

  it('--wind -0.4 (a negative value after a space) sets the wind', async () => {
    expect((await cli('event', race().dir, '--wind', '-0.4', '--by', 'Clerk')).code).toBe(0);
    expect(JSON.parse((await cli('info', race().dir, '--json')).out).event).toMatchObject({ wind_mps: -0.4 });
  });

  it.each([
    [['--date', '14.06.2026', '--by', 'C'], 'photofinish event: event date "14.06.2026" is not a date written YYYY-MM-DD'],
    [['--wind', '1.25', '--by', 'C'], 'photofinish event: wind 1.25 m/s: give one decimal (e.g. +1.2)'],
    [['--time-of-day', '25:00', '--by', 'C'], 'photofinish event: start time "25:00" is not a time of day written HH:MM or HH:MM:SS (24-hour clock)'],
    [['--time-of-day', '2pm', '--by', 'C'], 'photofinish event: start time "2pm" is not a time of day written HH:MM or HH:MM:SS (24-hour clock)'],
    [['--heat', '2.5', '--by', 'C'], 'photofinish event: --heat must be a whole number, got "2.5"'],
    [['--name', 'X'], 'photofinish event: --by NAME is required (the official making the change)'],
    [['--by', 'C'], 'photofinish event: give at least one field to set (see photofinish help event)'],
  ])('%j is refused in one line', async (args, message) => {
    expect(await cli('event', race().dir, ...(args as string[]))).toEqual({ code: 2, out: '', err: message });
  });
});

describe('photofinish status', () => {
  it('records DNS, DNF and DQ with the rule; results list them as others; certification then goes through', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '2', '--column', '3', '--by', 'J');
    expect(await cli('certify', race().dir, '--official', 'Chief')).toMatchObject({ code: 2, err: 'photofinish certify: cannot certify: competitors #3, #4 have neither a mark nor a status (DNS, DNF or DQ); mark each, or record it with photofinish status RACE --competitor ID --dns, --dnf or --dq' });
    expect(await cli('status', race().dir, '--competitor', '1', '--dq', '--rule', 'TR 17.3.1', '--reason', 'stepped on the line', '--by', 'Referee')).toEqual({
      code: 0,
      out: '1 (Ann Able): DQ, disqualified (rule TR 17.3.1); by Referee',
      err: '',
    });
    expect((await cli('status', race().dir, '--competitor', '3', '--dnf', '--by', 'Referee')).code).toBe(0);
    expect((await cli('status', race().dir, '--competitor', '4', '--dns', '--by', 'Starter')).code).toBe(0);
    const json = JSON.parse((await cli('results', race().dir, '--json')).out);
    expect(json.finishers.map((f: { place: number; competitor: string }) => [f.place, f.competitor])).toEqual([[1, '2']]);
    expect(json.others.map((o: Record<string, unknown>) => [o.competitor, o.status, o.rule, o.reason, o.by, o.time_s])).toEqual([
      ['3', 'DNF', null, null, 'Referee', null],
      ['1', 'DQ', 'TR 17.3.1', 'stepped on the line', 'Referee', 10.002],
      ['4', 'DNS', null, null, 'Starter', null],
    ]);
    const text = (await cli('results', race().dir)).out;
    expect(text).toMatch(/^DQ\s+1\s+Ann Able\s+10\.01\s+rule TR 17\.3\.1; stepped on the line; by Referee$/m);
    expect((await cli('certify', race().dir, '--official', 'Chief')).code).toBe(0);
  });

  it('refuses what makes no sense, in one line', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--by', 'J');
    const cases: [string[], string][] = [
      [['--competitor', '1', '--dnf', '--by', 'R'], 'photofinish status: competitor 1 has a mark; a competitor who did not finish has none: remove the mark first'],
      [['--competitor', '2', '--dns', '--dq', '--by', 'R'], 'photofinish status: give exactly one of --dns, --dnf, --dq, --code or --clear'],
      [['--competitor', '2', '--dns', '--rule', '5', '--by', 'R'], 'photofinish status: --rule goes with --dq (the rule of a disqualification)'],
      [['--competitor', '2', '--dns'], 'photofinish status: --by NAME is required (a status is an official decision)'],
      [['--competitor', '9', '--dns', '--by', 'R'], 'photofinish status: competitor 9 is not on the start list'],
      [['--competitor', '2', '--clear', '--by', 'R'], 'photofinish status: competitor 2 has no status to clear'],
    ];
    for (const [args, message] of cases) expect(await cli('status', race().dir, ...args)).toEqual({ code: 2, out: '', err: message });
    await cli('status', race().dir, '--competitor', '2', '--dns', '--by', 'R');
    expect(await cli('mark', race().dir, '--competitor', '2', '--column', '3', '--by', 'J')).toMatchObject({
      code: 2,
      err: 'photofinish mark: competitor 2 is recorded DNS (did not start); clear the status before marking',
    });
  });
});

describe('photofinish dead-heat', () => {
  it('is refused across different published times, saying why; a declared one can be withdrawn', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--by', 'J'); // 10.002 → 10.01
    await cli('mark', race().dir, '--competitor', '2', '--column', '3.5', '--by', 'J'); // 10.0035 → 10.01
    await cli('mark', race().dir, '--competitor', '3', '--column', '9', '--by', 'J'); // 10.048 → 10.05
    expect(await cli('dead-heat', race().dir, '--competitors', '1,3', '--by', 'Referee')).toEqual({
      code: 2,
      out: '',
      err: 'photofinish dead-heat: no dead heat between #1 and #3: #1 (10.01) and #3 (10.05) do not share a published time (athletics: rounded up to 1/100 s)',
    });
    expect((await cli('dead-heat', race().dir, '--competitors', '1,2', '--by', 'Referee')).code).toBe(0);
    const w = await cli('dead-heat', race().dir, '--competitors', '1,2', '--withdraw', '--reason', 'torso re-read', '--by', 'Chief');
    expect(w.code).toBe(0);
    expect(w.out.split('\n')[0]).toBe('Dead heat #1 and #2 withdrawn by Chief:');
    const json = JSON.parse((await cli('results', race().dir, '--json')).out);
    expect(json.finishers.slice(0, 2).map((f: { dead_heat: boolean }) => f.dead_heat)).toEqual([false, false]);
    expect((await auditActions()).slice(-2)).toEqual(['dead-heat.declared', 'dead-heat.withdrawn']);
    expect(await cli('dead-heat', race().dir, '--competitors', '1,2', '--withdraw', '--by', 'Chief')).toMatchObject({ code: 2, err: 'photofinish dead-heat: no dead heat is declared between #1 and #2 (none is declared)' });
  });
});

describe('a dead heat the marks stop supporting (issue 10, item 2)', () => {
  it('removing a dead-heated mark, or disqualifying one of them, says at once that the dead heat is withdrawn', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2.5', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '3', '--column', '2.5', '--by', 'J');
    expect((await cli('dead-heat', race().dir, '--competitors', '1,3', '--by', 'Referee')).code).toBe(0);
    expect((await cli('unmark', race().dir, '--competitor', '1', '--by', 'J')).out).toBe(
      'Removed the mark of 1; by J\n  dead heat #1 and #3 withdrawn by J: the mark of #1 was removed',
    );
    await cli('mark', race().dir, '--competitor', '1', '--column', '2.5', '--by', 'J');
    expect((await cli('dead-heat', race().dir, '--competitors', '1,3', '--by', 'Referee')).code).toBe(0);
    expect((await cli('status', race().dir, '--competitor', '3', '--dq', '--by', 'Referee')).out.split('\n')[1]).toBe('  dead heat #1 and #3 withdrawn by Referee: #3 was disqualified');
  });

  it('moving a dead-heated mark withdraws it in the same audited change; the record still verifies; after amend an official withdraws one', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2.5', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '3', '--column', '2.5', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '2', '--column', '4', '--by', 'J');
    expect((await cli('dead-heat', race().dir, '--competitors', '1,3', '--by', 'Referee')).code).toBe(0);
    // The official moving the mark is told at once (before: only "Marked 3 ...", the withdrawal left to the checks).
    const moved = await cli('mark', race().dir, '--competitor', '3', '--column', '8', '--by', 'J');
    expect(moved.code).toBe(0);
    expect(moved.out.split('\n')[1]).toMatch(/^ {2}dead heat #1 and #3 withdrawn by J: the mark of #3 was moved: /);
    const json = JSON.parse((await cli('results', race().dir, '--json')).out);
    expect(json.finishers.map((f: { place: number; competitor: string; dead_heat: boolean; margin_display: string }) => [f.place, f.competitor, f.dead_heat, f.margin_display])).toEqual([
      [1, '1', false, ''],
      [2, '2', false, '+0.00'],
      [3, '3', false, '+0.04'],
    ]);
    expect(json.checks.map((c: { code: string }) => c.code)).toContain('dead-heat-withdrawn');
    expect((await auditActions()).slice(-1)).toEqual(['mark.placed']);
    expect(await cli('verify', race().dir)).toMatchObject({ code: 0, out: 'intact' });
    // Declared again at a shared time, certified, amended: an official withdraws it then.
    await cli('mark', race().dir, '--competitor', '3', '--column', '2.5', '--by', 'J');
    await cli('dead-heat', race().dir, '--competitors', '1,3', '--by', 'Referee');
    await cli('status', race().dir, '--competitor', '4', '--dns', '--by', 'Starter');
    expect((await cli('certify', race().dir, '--official', 'Chief')).code).toBe(0);
    expect((await cli('dead-heat', race().dir, '--competitors', '1,3', '--withdraw', '--by', 'Chief')).err).toMatch(/the race is certified/);
    await cli('amend', race().dir, '--reason', 'Photo re-read on protest', '--by', 'Chief');
    expect((await cli('dead-heat', race().dir, '--competitors', '3', '--withdraw', '--reason', 'photo re-read', '--by', 'Chief')).code).toBe(0);
    expect(await cli('verify', race().dir)).toMatchObject({ code: 0, out: expect.stringMatching(/^intact\n.*signed/s) });
  });
});

describe('photofinish mark --hand and amend', () => {
  it('a hand time is published to 1/10 s rounded up with an "h" and flagged', async () => {
    expect(await cli('mark', race().dir, '--competitor', '1', '--time', '12.431', '--hand', '--by', 'Timekeeper')).toEqual({
      code: 0,
      out: 'Marked 1 (Ann Able): place 1, 12.5h [hand]; by Timekeeper',
      err: '',
    });
    expect((await cli('results', race().dir)).out).toContain('HAND: hand-timed, published to 1/10 s rounded up');
    expect(await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--hand')).toMatchObject({ code: 2, err: 'photofinish mark: --hand applies to --time only (a hand time comes from a stopwatch, not the image)' });
  });

  it('amend --reason "ok" says what is wrong with the reason', async () => {
    await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--by', 'J');
    for (const id of ['2', '3', '4']) await cli('status', race().dir, '--competitor', id, '--dns', '--by', 'R');
    expect((await cli('certify', race().dir, '--official', 'Chief')).code).toBe(0);
    expect(await cli('amend', race().dir, '--reason', 'ok', '--by', 'Chief')).toEqual({
      code: 2,
      out: '',
      err: 'photofinish amend: reason: "ok" is too short to be a reason: say in a few words why the race is reopened (at least 3 characters)',
    });
  });
});

describe('photofinish sport --race-type/--going and distance', () => {
  it('takes the BHA scale by race type and going, and the judge sets a distance with a reason', async () => {
    expect(await cli('sport', race().dir, 'horse', '--race-type', 'flat', '--going', 'good to soft', '--by', 'Clerk')).toEqual({
      code: 0,
      out: 'Sport of "Test heat": horse (winner\'s time to 1/100 s; distances at 5.5 lengths per second (flat, good to soft, BHA scale))',
      err: '',
    });
    expect(await cli('sport', race().dir, 'horse', '--race-type', 'flat', '--going', 'yielding')).toMatchObject({
      code: 2,
      err: 'photofinish sport: --going must be one of hard, firm, good-to-firm, good, good-to-soft, soft, heavy, got "yielding"',
    });
    await cli('mark', race().dir, '--competitor', '1', '--column', '2', '--by', 'J');
    await cli('mark', race().dir, '--competitor', '2', '--column', '3', '--by', 'J');
    expect(await cli('distance', race().dir, '--competitor', '2', '--set', '1/2', '--reason', 'winner eased', '--by', 'Judge')).toEqual({ code: 0, out: '2: ½ length (computed nose); by Judge', err: '' });
    expect((await cli('results', race().dir, '--json')).out).toContain('"judge_distance"');
    expect((await auditActions()).slice(-1)).toEqual(['distance.set']);
    expect(await cli('distance', race().dir, '--competitor', '2', '--set', 'head', '--by', 'Judge')).toMatchObject({ code: 2, err: 'photofinish distance: --reason TEXT is required with --set (the sheet prints it)' });
  });
});
