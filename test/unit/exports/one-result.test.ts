/**
 * Issue 20's examples, from one athletics race: every output prints the one published result. A hand time has one
 * margin behind the winner everywhere; dead-heaters have no margin between them and each keeps its own reading;
 * `time_s` is the exact decimal of `time_ns`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaceView } from '../../../app/api/types.js';
import { formatResultsText } from '../../../app/cli/commands/results.js';
import { CSV_COLUMNS, resultsCsv } from '../../../app/exports/csv.js';
import { readRaceEvidence, type RaceEvidence } from '../../../app/exports/evidence-files.js';
import { resultsJson } from '../../../app/exports/json.js';
import { resultsLif } from '../../../app/exports/lif.js';
import { photoCaption } from '../../../app/exports/photo/photo-caption.js';
import { decodeCp1252 } from '../../../app/domain/text/cp1252.js';
import { renderResultSheet } from '../../../app/exports/pdf/result-sheet.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { pdfText } from '../../helpers/export-poppler.js';
import { parseCsvRecords } from '../../helpers/export-csv.js';
import { imageMark, keyedMark, viewOnFixture } from '../../helpers/published-view.js';

const software = { name: 'Photofinish', version: '0.1.0' };
let fx: ExportFixture;
let ev: RaceEvidence;
beforeAll(async () => {
  fx = await makeExportFixture();
  ev = await readRaceEvidence(fx.view, fx.dir);
});
afterAll(() => fx.cleanup());

const runners = ['24', '11', '20', '6', '9'].map((id) => ({ id, name: `Runner ${id}`, lane: id }));

function csvRows(view: RaceView): Record<string, string>[] {
  const records = parseCsvRecords(resultsCsv(view).subarray(3).toString('utf8'));
  return records.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i] ?? ''])));
}
const lifRows = (view: RaceView) => decodeCp1252(resultsLif(view)).split('\r\n').slice(1).filter(Boolean).map((l) => l.split(','));
const jsonOf = (view: RaceView) => JSON.parse(resultsJson(view, ev.hashes, software).toString('utf8')) as { finishers: Record<string, unknown>[] };

describe('one published result in every output', () => {
  it('a hand time has one margin behind the winner: the difference of the published times (+2.29), everywhere', () => {
    // Winner 10.2005 s → 10.21; hand 12.431 → 12.5h; the readings differ by 2.2305 s.
    const view = viewOnFixture(fx, { sport: 'athletics', competitors: runners.slice(0, 2), marks: [imageMark('24', 200_500), keyedMark('11', 12_431_000_000n, 'hand')] });
    const f = view.results.finishers[1]!;
    expect([f.time_display, f.behind_winner_display, f.behind_winner_s, f.margin_display, f.reading_behind_winner_s]).toEqual(['12.5h', '+2.29', 2.29, '+2.29', 2.2305]);
    const csv = csvRows(view).find((r) => r.competitor === '11')!;
    expect([csv.behind_winner, csv.behind_previous, csv.margin]).toEqual(['+2.29', '+2.29', '+2.29']);
    expect(lifRows(view).find((r) => r[1] === '11')?.[8]).toBe('2.29');
    expect(jsonOf(view).finishers[1]).toMatchObject({ behind_winner_s: 2.29, behind_winner_display: '+2.29' });
    expect(formatResultsText('race', view.results, null)).toMatch(/\n2\s+11\s+Runner 11\s+12\.5h\s+\+2\.29\s/);
    expect(photoCaption(view, software).results[2]).toMatch(/;12\.5h;\+2\.29$/);
  });

  it('dead-heaters share place and published time, keep their own readings, and have no margin between them', () => {
    // 10.1801 s and 10.18105 s both publish 10.19 (issue: CSV time_s 0.1801 for a reading of 0.18105, margins +0.00 and +0.005).
    const view = viewOnFixture(fx, {
      sport: 'athletics',
      competitors: runners.slice(0, 3),
      marks: [imageMark('24', 180_100), imageMark('11', 181_050), imageMark('20', 230_000)],
      deadHeats: [{ competitors: ['24', '11'], by: 'Referee', at: '2026-06-14T15:22:00.000Z' }],
    });
    const csv = csvRows(view);
    expect(csv.slice(0, 3).map((r) => [r.place, r.competitor, r.time, r.time_s, r.time_ns, r.behind_winner, r.behind_previous, r.margin])).toEqual([
      ['1', '24', '10.19', '10.1801', '10180100000', '', '', ''],
      ['1', '11', '10.19', '10.18105', '10181050000', '', '', ''],
      ['3', '20', '10.23', '10.23', '10230000000', '+0.04', '+0.04', '+0.04'],
    ]);
    const json = jsonOf(view).finishers;
    expect(json.slice(0, 2).map((f) => [f.time_s, f.behind_winner_s, f.behind_previous_s, f.dead_heat_group])).toEqual([
      [10.1801, null, null, ['24', '11']],
      [10.18105, null, null, ['24', '11']],
    ]);
    expect(lifRows(view).slice(0, 3).map((r) => [r[0], r[1], r[6], r[8]])).toEqual([
      ['1', '24', '10.19', ''],
      ['1', '11', '10.19', ''],
      ['3', '20', '10.23', '0.04'],
    ]);
    const text = formatResultsText('race', view.results, null);
    expect(text).not.toContain('+0.00');
    expect(photoCaption(view, software).results.slice(1, 3).map((l) => l.split(';').slice(-2))).toEqual([
      ['10.19', ''],
      ['10.19', ''],
    ]);
  });

  it('athletics: equal at 1/1000 but apart on the picture, placed by it with the same time and the note in every output', async () => {
    // 10.2001 s and 10.2005 s: both read 10.201 at 1/1000 and publish 10.21; the picture separates them by 0.4 ms.
    const view = viewOnFixture(fx, { sport: 'athletics', competitors: runners.slice(0, 2), marks: [imageMark('24', 200_100), imageMark('11', 200_500)] });
    const note = 'separated on the picture by 0.4 ms from #24';
    expect(view.results.finishers.map((f) => [f.place, f.time_display, f.tie ?? false, f.notes, f.flags])).toEqual([
      [1, '10.21', false, [], []],
      [2, '10.21', false, [note], ['P']],
    ]);
    const csv = csvRows(view);
    expect(csv.map((r) => [r.place, r.time, r.tie, r.flags, r.notes])).toEqual([
      ['1', '10.21', 'false', '', ''],
      ['2', '10.21', 'false', 'P', note],
    ]);
    expect(formatResultsText('race', view.results, null)).toContain(note);
    expect(formatResultsText('race', view.results, null)).not.toContain('TIE');
    const sheet = await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software });
    const text = (await pdfText(sheet.pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(`#11 Runner 11: ${note}; the same time is published.`);
    expect(text).toContain('P = same reading, separated on the picture (see notes)');
  });

  it('writes time_s as the exact decimal of time_ns (9.571943879, never 9.571943878999999)', () => {
    const view = viewOnFixture(fx, { sport: 'motorsport', competitors: runners.slice(0, 1), marks: [keyedMark('24', 9_571_943_879n, 'typed')] });
    expect(csvRows(view)[0]?.time_s).toBe('9.571943879');
    const text = resultsJson(view, ev.hashes, software).toString('utf8');
    expect(text).toContain('"time_s": 9.571943879,');
    expect(text).not.toContain('9.571943878999999');
  });
});
