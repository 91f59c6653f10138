import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCp1252, encodeCp1252 } from '../../../app/domain/text/cp1252.js';
// An independent Windows-1252 reader (the start-list importer's) checks what the .lif export wrote.
const readCp1252 = decodeCp1252;
import { CSV_COLUMNS, resultsCsv } from '../../../app/exports/csv.js';
import { readRaceEvidence, type RaceEvidence } from '../../../app/exports/evidence-files.js';
import { resultsJson } from '../../../app/exports/json.js';
import { resultsLif } from '../../../app/exports/lif.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { parseCsvRecords } from '../../helpers/export-csv.js';

const software = { name: 'Photofinish', version: '0.1.0' };
let fx: ExportFixture;
let ev: RaceEvidence;

beforeAll(async () => {
  fx = await makeExportFixture({ certified: true });
  ev = await readRaceEvidence(fx.view, fx.dir);
});
afterAll(() => fx.cleanup());

describe('CSV export', () => {
  it('is UTF-8 RFC 4180 with a header row and round-trips every result, commas, quotes and accents included', () => {
    const bytes = resultsCsv(fx.view);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsvRecords(bytes.subarray(3).toString('utf8'));
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    const rows = records.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i] as string])));
    expect(rows).toHaveLength(fx.view.results.finishers.length + fx.view.results.others.length);
    fx.view.results.finishers.forEach((f, i) => {
      const row = rows[i] as Record<string, string>;
      expect(row.place).toBe(f.place === null ? '' : String(f.place));
      expect(row.competitor).toBe(f.competitor);
      expect(row.name).toBe(f.name);
      expect(row.team).toBe(f.team ?? '');
      expect(row.time).toBe(f.time_display);
      expect(row.time_ns).toBe(f.time_ns ?? '');
      expect(row.typed).toBe(String(f.typed));
    });
    const smith = rows.find((r) => r.competitor === '3') as Record<string, string>;
    expect(smith.last_name).toBe('Smith, Jr.');
    expect(smith.team).toBe('Ørsted "Fast" AC');
    expect(smith.behind_winner).toBe('+0.06');
    expect(smith.behind_previous).toBe('+0.04');
    // Not placed: the status word in the place column, and in its own column with the reason.
    expect(rows[rows.length - 1]).toMatchObject({ place: 'DNF', competitor: '9', name: 'Chloé Dubois', time: '', status: 'DNF', reason: 'pulled up' });
    expect(rows[0]).toMatchObject({ status: '', hand: 'false' });
  });
});

describe('JSON export', () => {
  it('is the results --json object plus race metadata and evidence hashes, and round-trips', () => {
    const doc = JSON.parse(resultsJson(fx.view, ev.hashes, software).toString('utf8'));
    expect(doc.sport).toBe(fx.view.results.sport);
    expect(doc.certified).toBe(true);
    expect(doc.revision).toBe(fx.view.revision);
    expect(doc.finishers).toEqual(fx.view.results.finishers);
    expect(doc.race.name).toBe(fx.view.meta.name);
    expect(doc.race.event).toEqual({ number: 12, round: 1, heat: 2, name: "Men's 100 m", meet: 'City Games 2026', venue: 'Stadion Köln', date: '2026-06-14', start_time: '15:21:04', distance_m: 100, wind_mps: 1.2 });
    expect(doc.event).toEqual(doc.race.event);
    expect(doc.others).toEqual(fx.view.results.others);
    expect(doc.checks).toEqual([]);
    expect(doc.statuses).toEqual(fx.view.statuses);
    expect(doc.certification.official).toBe('Jane Official');
    expect(doc.evidence.raceJsonSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.evidence.compositeSha256).toBe(fx.view.evidence.composite.sha256);
    expect(doc.evidence.auditHead).toBe(fx.view.auditHead);
    expect(doc.evidence.sourceFrames).toBe(639);
    expect(doc.evidence.gaps).toEqual(fx.view.evidence.gaps);
    expect(doc.software).toEqual(software);
  });
});

describe('FinishLynx .lif export', () => {
  it('has the header line, then place, ID, lane, last name, first name, affiliation, time, license, delta time, reaction time', () => {
    const bytes = resultsLif(fx.view);
    const text = readCp1252(bytes);
    const records = parseCsvRecords(text);
    const header = records[0] as string[];
    expect(header).toHaveLength(11);
    // event, round, heat, event name, wind, wind unit, template, capture time, capture duration, distance, start time
    expect(header).toEqual(['12', '1', '2', "Men's 100 m", '+1.2', 'm/s', '', '', '', '100', '15:21:04.000']);
    const lines = records.slice(1);
    expect(lines).toHaveLength(6); // five placed, then the one who did not finish
    expect(lines[5]).toEqual(['DNF', '9', '7', 'Dubois', 'Chloé', 'Lyon AC', '', '', '', '']);
    expect(lines[0]).toEqual(['1', '7', '4', 'Müller', 'Anna', 'TV Köln', '10.21', '', '', '']);
    expect(lines[1]).toEqual(['2', '12', '5', "Ñúñez-O'Brien", 'Zoë', 'Club Atlético, Sevilla', '10.23', '', '0.02', '']);
    expect(lines[2]).toEqual(['3', '3', '3', 'Smith, Jr.', 'John', 'Ørsted "Fast" AC', '10.27', '', '0.06', '']);
    // Windows-1252 has no Ł or ź: the letters lose their accents rather than becoming '?'.
    expect(lines[3]?.slice(3, 6)).toEqual(['Kowalski', 'Lukasz', 'AZS Lódz']);
  });

  it('quotes a field exactly when it holds a comma (or a quote), as FinishLynx writes "Jones, Jr."', () => {
    const raw = readCp1252(resultsLif(fx.view));
    expect(raw).toContain(',"Smith, Jr.",John,');
    expect(raw).toContain(',"Club Atlético, Sevilla",');
    expect(raw).toContain(',Müller,Anna,TV Köln,');
    expect(raw.endsWith('\r\n')).toBe(true);
  });

  it("keeps a horse's or a greyhound's name whole in the last-name field (Sea The Stars is no Mr Stars)", () => {
    for (const sport of ['horse', 'greyhound']) {
      const competitors = fx.view.competitors.map(({ firstName: _f, lastName: _l, ...c }) => (c.id === '7' ? { ...c, name: 'Sea The Stars' } : c));
      const finishers = fx.view.results.finishers.map((f) => (f.competitor === '7' ? { ...f, name: 'Sea The Stars' } : f));
      const view = { ...fx.view, competitors, results: { ...fx.view.results, sport, finishers } };
      const lines = parseCsvRecords(readCp1252(resultsLif(view))).slice(1);
      expect(lines[0]?.slice(1, 5)).toEqual(['7', '4', 'Sea The Stars', '']);
    }
  });

  it('writes single bytes in Windows-1252 (ü = 0xFC, — = 0x97)', () => {
    expect([...encodeCp1252('Müller — €')]).toEqual([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x97, 0x20, 0x80]);
    expect(decodeCp1252(encodeCp1252('Zoë Ñúñez, Ørsted'))).toBe('Zoë Ñúñez, Ørsted');
    expect(decodeCp1252(encodeCp1252('Łódź 東京'))).toBe('Lódz ??');
  });
});
