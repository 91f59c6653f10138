/**
 * The cross-output test (issue 20): 200 generated races on the export fixture's real evidence (composite, times with a
 * dropped-frame gap), every sport, picture, typed and hand marks, DNS/DNF/DQ, declared dead heats (some joined to a
 * third) and amendments. Every race is exported as CSV, JSON and .lif and as the `results` text, each parsed back;
 * a seeded subset (SHEETS races, every sport) also as the PDF sheet (read with pdftotext) and the posted photo (read
 * with exiftool), the slow part. Every competitor's place, published time and margins must agree across all of them
 * and with the published result, and the margins must follow the sport's one definition (README, "Margins").
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinisherResult, RaceView } from '../../../app/api/types.js';
import { formatResultsText } from '../../../app/cli/commands/results.js';
import type { Competitor, DeadHeat, Mark, SportName } from '../../../app/domain/race/document.js';
import type { CompetitorStatus } from '../../../app/domain/race/status.js';
import { deadHeatRefusal } from '../../../app/domain/results/dead-heat-rule.js';
import { decodeCp1252 } from '../../../app/domain/text/cp1252.js';
import { ticksToDecimalSeconds } from '../../../app/domain/time/ticks.js';
import { CSV_COLUMNS, resultsCsv } from '../../../app/exports/csv.js';
import { readRaceEvidence, type RaceEvidence } from '../../../app/exports/evidence-files.js';
import { resultsJson } from '../../../app/exports/json.js';
import { resultsLif } from '../../../app/exports/lif.js';
import { renderResultSheet } from '../../../app/exports/pdf/result-sheet.js';
import { renderPostedPhoto } from '../../../app/exports/photo/posted-photo.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { parseCsvRecords } from '../../helpers/export-csv.js';
import { pdfText } from '../../helpers/export-poppler.js';
import { imageMark, keyedMark, viewOnFixture } from '../../helpers/published-view.js';

const run = promisify(execFile);
const RACES = 200;
/** Races also rendered as a PDF sheet and a posted photo (every sport; rendering is the slow part). */
const SHEETS = 20;
/** One sheet of each sport is kept here to be looked at. */
const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-artifacts/i20-result');
const SPORTS: SportName[] = ['athletics', 'motorsport', 'horse', 'greyhound'];
const software = { name: 'Photofinish', version: '0.1.0' };

/** mulberry32: a small seeded generator, so every run tests the same 200 races. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), chance: (p: number) => next() < p };
}

interface Generated {
  index: number;
  view: RaceView;
}

/** The fixture's columns are 1 ms apart from 10 s (a 40 ms gap after column 300); marks stay inside the picture. */
function generate(fx: ExportFixture, index: number): Generated {
  const r = seeded(20_000 + index);
  const sport = SPORTS[index % SPORTS.length] as SportName;
  const n = r.int(3, 8);
  const ids: string[] = [];
  while (ids.length < n) {
    const id = String(r.int(1, 99));
    if (!ids.includes(id)) ids.push(id);
  }
  const word = sport === 'horse' ? 'Horse' : sport === 'greyhound' ? 'Dog' : 'Runner';
  const competitors: Competitor[] = ids.map((id) => ({ id, name: `${word} ${id}` }));
  const marks: Mark[] = [];
  const statuses: CompetitorStatus[] = [];
  const at = '2026-06-14T15:23:00.000Z';
  let last = r.int(150_000, 400_000);
  for (const id of ids) {
    const roll = r.next();
    if (roll < 0.08) statuses.push({ competitorId: id, status: 'DNS', by: 'Jane Official', at });
    else if (roll < 0.15) statuses.push({ competitorId: id, status: 'DNF', reason: 'fell', by: 'Jane Official', at });
    else if (roll < 0.27) marks.push(keyedMark(id, 10_150_000_000n + BigInt(r.int(0, 400_000)) * 1_000n + BigInt(r.int(0, 999)), 'typed'));
    else if (roll < 0.37) marks.push(keyedMark(id, 10_150_000_000n + BigInt(r.int(0, 400)) * 1_000_000n + BigInt(r.int(0, 999_999)), 'hand'));
    else {
      // Picture marks, often close behind the one before (ties, dead heats, margins under a thousandth).
      last = r.chance(0.35) ? Math.min(590_000, last + r.int(0, 1_500)) : r.int(150_000, 590_000);
      marks.push(imageMark(id, last));
      if (r.chance(0.08)) statuses.push({ competitorId: id, status: 'DQ', rule: 'TR 17.3', reason: 'lane infringement', by: 'Referee', at });
    }
  }
  const deadHeats = declareSome(r, sport, fx, marks, statuses);
  const amended = r.chance(0.2);
  const view = viewOnFixture(fx, {
    sport,
    competitors,
    marks,
    statuses,
    deadHeats,
    ...(amended ? { revision: 2, amendments: [{ revision: 2, by: 'Tom Referee', at: '2026-06-14T15:40:00.000Z', reason: 'Protest upheld; hairline re-read.' }] } : {}),
  });
  return { index, view };
}

/** Dead heats the rule allows between finishers next to each other, some joined by a third. */
function declareSome(r: ReturnType<typeof seeded>, sport: SportName, fx: ExportFixture, marks: Mark[], statuses: CompetitorStatus[]): DeadHeat[] {
  const times = fx.view.timesNs.map((t) => BigInt(t));
  const dq = new Set(statuses.filter((s) => s.status === 'DQ').map((s) => s.competitorId));
  const eligible = marks.filter((m) => !dq.has(m.competitorId));
  const timeOf = (m: Mark) => (m.position.kind === 'time' ? BigInt(m.position.ns) : BigInt(m.position.milliColumn));
  const sorted = [...eligible].sort((a, b) => (timeOf(a) < timeOf(b) ? -1 : 1));
  const out: DeadHeat[] = [];
  const used = new Set<string>();
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i] as Mark;
    const b = sorted[i + 1] as Mark;
    if (used.has(a.competitorId) || a.position.kind !== 'column' || b.position.kind !== 'column') continue;
    if (!r.chance(0.7) || deadHeatRefusal(sport, [a, b], times, 0n) !== null) continue;
    const group = [a, b];
    const c = sorted[i + 2];
    if (c && c.position.kind === 'column' && deadHeatRefusal(sport, [a, b, c], times, 0n) === null) group.push(c);
    for (const m of group) used.add(m.competitorId);
    out.push({ competitors: group.map((m) => m.competitorId), by: 'Referee', at: '2026-06-14T15:24:00.000Z' });
    i += group.length - 1;
  }
  return out;
}

/** What every output must print for one competitor: place (status word), published time, both margins. */
interface Expected {
  id: string;
  place: string;
  time: string;
  behindWinner: string;
  behindPrevious: string;
}

function expectedRows(view: RaceView): Expected[] {
  return [
    ...view.results.finishers.map((f) => ({ id: f.competitor, place: String(f.place), time: f.time_display, behindWinner: f.behind_winner_display ?? '', behindPrevious: f.behind_previous_display ?? '' })),
    ...view.results.others.map((o) => ({ id: o.competitor, place: o.status, time: o.time_display, behindWinner: '', behindPrevious: '' })),
  ];
}

const lengthsSport = (sport: string) => sport === 'horse' || sport === 'greyhound';
const hundredths = (text: string) => Math.round(Number(text.replace(/h$/, '')) * 100);

/** The published result follows the sport's one margin definition, and dead-heaters have none between them. */
function checkDefinition(view: RaceView): void {
  const placed = view.results.finishers;
  const winner = placed[0];
  const sport = view.results.sport;
  placed.forEach((f, i) => {
    const prev = placed[i - 1];
    const tag = `race ${view.meta.name}, #${f.competitor}`;
    expect(String(f.time_s), tag).toBe(f.time_ns === null ? 'null' : ticksToDecimalSeconds(BigInt(f.time_ns)));
    if (prev && f.dead_heat && prev.dead_heat && prev.place === f.place) {
      expect([f.behind_previous_display, f.behind_previous_s, f.time_display], tag).toEqual(['', null, prev.time_display]);
      return;
    }
    if (!winner || f.place === 1) {
      expect([f.behind_winner_display, f.behind_winner_s], tag).toEqual(['', null]);
      return;
    }
    if (sport === 'athletics') {
      // The difference of the published times, as a reader of the sheet subtracts them.
      const diff = hundredths(f.time_display) - hundredths(winner.time_display);
      expect(f.behind_winner_display, tag).toBe(`+${(diff / 100).toFixed(2)}`);
      expect(f.behind_winner_s, tag).toBe(Number((diff / 100).toFixed(2)));
    } else if (sport === 'motorsport') {
      const gap = BigInt(f.time_ns as string) - BigInt(winner.time_ns as string);
      // The readings' difference to 1/1000 s; with a hand time, the difference of the published times.
      const thousandths = (text: string) => Math.round(Number(text.replace(/h$/, '')) * 1000);
      if (f.hand || winner.hand) expect(f.behind_winner_display, tag).toBe(`+${((thousandths(f.time_display) - thousandths(winner.time_display)) / 1000).toFixed(3)}`.replace('+-', '-'));
      else if (gap >= 500_000n) expect(f.behind_winner_display, tag).toBe(`+${(Number((gap + 500_000n) / 1_000_000n) / 1000).toFixed(3)}`);
      expect(Number(f.behind_winner_display), tag).toBe(f.behind_winner_s);
    } else {
      expect([f.behind_winner_display, f.behind_winner_s, f.behind_previous_s], tag).toEqual(['', null, null]);
      expect(f.behind_previous_display, tag).toBe(f.lengths_display);
    }
  });
}

function csvRows(view: RaceView): Record<string, string>[] {
  return parseCsvRecords(resultsCsv(view).subarray(3).toString('utf8'))
    .slice(1)
    .map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i] ?? ''])));
}

function checkCsv(view: RaceView, want: Expected[]): void {
  const rows = csvRows(view);
  expect(rows.map((r) => ({ id: r.competitor, place: r.place, time: r.time, behindWinner: r.behind_winner, behindPrevious: r.behind_previous }))).toEqual(want);
  for (const r of rows) {
    expect(r.margin).toBe(r.behind_previous);
    expect(r.time_s).toBe(r.time_ns ? ticksToDecimalSeconds(BigInt(r.time_ns)) : '');
    if (lengthsSport(view.results.sport)) expect(r.lengths).toBe(r.behind_previous);
  }
}

function checkJson(view: RaceView, ev: RaceEvidence, want: Expected[]): void {
  const json = JSON.parse(resultsJson(view, ev.hashes, software).toString('utf8')) as { finishers: FinisherResult[]; others: { competitor: string; status: string; time_display: string; time_s: number | null; time_ns: string | null }[] };
  const rows = [
    ...json.finishers.map((f) => ({ id: f.competitor, place: String(f.place), time: f.time_display, behindWinner: f.behind_winner_display, behindPrevious: f.behind_previous_display })),
    ...json.others.map((o) => ({ id: o.competitor, place: o.status, time: o.time_display, behindWinner: '', behindPrevious: '' })),
  ];
  expect(rows).toEqual(want);
  const seconds = !lengthsSport(view.results.sport);
  for (const f of json.finishers) {
    expect(f.behind_winner_s).toBe(seconds && f.behind_winner_display ? Number(f.behind_winner_display) : null);
    expect(f.behind_previous_s).toBe(seconds && f.behind_previous_display ? Number(f.behind_previous_display) : null);
  }
  for (const o of [...json.finishers, ...json.others]) expect(o.time_ns === null ? null : ticksToDecimalSeconds(BigInt(o.time_ns))).toBe(o.time_s === null ? null : String(o.time_s));
}

/** .lif: place, ID, lane, last, first, affiliation, time, license, delta (the margin behind the winner, unsigned). */
function checkLif(view: RaceView, want: Expected[]): void {
  const lines = decodeCp1252(resultsLif(view)).split('\r\n').slice(1).filter(Boolean);
  // The time field is plain seconds (a hand time without its "h": the .lif's own format).
  const plain = (t: string) => t.replace(/h$/, '');
  expect(lines.map((l) => l.split(',')).map((f) => ({ id: f[1], place: f[0], time: plain(f[6] ?? ''), delta: f[8] }))).toEqual(
    want.map((w) => ({ id: w.id, place: w.place, time: plain(w.time), delta: w.behindWinner.replace(/^\+/, '') })),
  );
}

/** The `results` text: columns at the header's positions. */
function checkText(view: RaceView, want: Expected[]): void {
  const lines = formatResultsText(view.meta.name, view.results, null).split('\n');
  const h = lines.findIndex((l) => l.startsWith('Pl  '));
  const header = lines[h] as string;
  const col = (name: string) => header.indexOf(name);
  const cut = (l: string, from: string, to: string) => l.slice(col(from), col(to)).trim();
  const rows = lines.slice(h + 2, h + 2 + want.length).map((l) => ({ id: cut(l, 'ID', 'Name'), place: cut(l, 'Pl', 'ID'), time: cut(l, 'Time', 'Margin'), behindPrevious: cut(l, 'Margin', 'Resolution') }));
  expect(rows).toEqual(want.map((w) => ({ id: w.id, place: w.place === 'null' ? '-' : w.place, time: w.time, behindPrevious: w.behindPrevious })));
}

/** The sheet's table rows, read back with pdftotext: place, number, name, then time and margins. */
function checkSheet(view: RaceView, text: string, want: Expected[]): void {
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
  for (const w of want) {
    const f = view.results.finishers.find((x) => x.competitor === w.id);
    const name = (view.competitors.find((c) => c.id === w.id) as Competitor).name;
    const place = f?.dead_heat ? `${w.place}=` : w.place;
    const line = lines.find((l) => l.startsWith(`${place} `) && l.includes(` ${name} `) || l.endsWith(` ${name}`));
    expect(line, `sheet row of #${w.id} (${place} … ${name}) in\n${lines.join('\n')}`).toBeDefined();
    const rest = (line as string).slice((line as string).indexOf(name) + name.length).trim();
    const cells = lengthsSport(view.results.sport) ? [w.time, w.behindPrevious] : [w.time, w.behindWinner, w.behindPrevious];
    const printed = cells.filter(Boolean).join(' ');
    if (printed) expect(`${rest} `.startsWith(`${printed} `), `#${w.id}: "${rest}" should start with "${printed}"`).toBe(true);
    // Nothing printed where the result has nothing (a dead-heater's margin, a horse's time): flags or resolution next.
    else expect(rest, `#${w.id}`).toMatch(/^(?:$|[A-Z]{1,2}\b|\d+\.\d{3} ms)/);
  }
}

/** The posted photo's result lines (XMP description), read back with exiftool: Rank, Bib, Time, Margin. */
function checkPhoto(description: string, want: Expected[]): void {
  const lines = description.split('\n');
  const h = lines.findIndex((l) => l.startsWith('Rank;'));
  const header = (lines[h] as string).split(';');
  const at = (cells: string[], name: string) => cells[header.indexOf(name)] ?? '';
  const rows = lines.slice(h + 1).map((l) => l.split(';')).map((c) => ({ id: at(c, 'Bib'), place: at(c, 'Rank'), time: at(c, 'Time'), behindPrevious: at(c, 'Margin') }));
  expect(rows).toEqual(want.map((w) => ({ id: w.id, place: w.place, time: w.time, behindPrevious: w.behindPrevious })));
}

let fx: ExportFixture;
let ev: RaceEvidence;
let work: string;
const races: Generated[] = [];

beforeAll(async () => {
  fx = await makeExportFixture();
  ev = await readRaceEvidence(fx.view, fx.dir);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-cross-'));
  for (let i = 0; i < RACES; i++) races.push(generate(fx, i));
});
afterAll(async () => {
  await fx.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

describe('one published result across every output', () => {
  it('generates the races the issue asks for: every sport, every kind of mark and status, dead heats and amendments', () => {
    const finishers = races.flatMap((g) => g.view.results.finishers);
    const others = races.flatMap((g) => g.view.results.others);
    expect(new Set(races.map((g) => g.view.results.sport))).toEqual(new Set(SPORTS));
    expect(races.filter((g) => g.view.marks.some((m) => m.origin === 'image')).length).toBeGreaterThan(150);
    expect(finishers.filter((f) => f.typed).length).toBeGreaterThan(50);
    expect(finishers.filter((f) => f.hand).length).toBeGreaterThan(50);
    for (const s of ['DNS', 'DNF', 'DQ']) expect(others.filter((o) => o.status === s).length, s).toBeGreaterThan(20);
    for (const sport of SPORTS) expect(races.filter((g) => g.view.results.sport === sport && g.view.deadHeats.length > 0).length, sport).toBeGreaterThan(3);
    expect(races.some((g) => g.view.deadHeats.some((d) => d.competitors.length === 3))).toBe(true);
    expect(finishers.filter((f) => f.tie).length).toBeGreaterThan(0);
    expect(races.filter((g) => g.view.amendments.length > 0).length).toBeGreaterThan(20);
  });

  it(`agrees in the published result, the CSV, the JSON, the .lif and the results text for all ${RACES} races`, () => {
    for (const g of races) {
      const want = expectedRows(g.view);
      checkDefinition(g.view);
      checkCsv(g.view, want);
      checkJson(g.view, ev, want);
      checkLif(g.view, want);
      checkText(g.view, want);
    }
  });

  it(`agrees on the PDF sheet (pdftotext) and the posted photo (exiftool) for ${SHEETS} of them`, async () => {
    // Spread over the 200, every sport: the races with dead heats first (where the outputs used to disagree).
    const withDeadHeats = races.filter((g) => g.view.deadHeats.length > 0);
    const chosen = SPORTS.flatMap((s) => withDeadHeats.filter((g) => g.view.results.sport === s).slice(0, SHEETS / SPORTS.length));
    const photos: string[] = [];
    for (const g of chosen) {
      const sheet = await renderResultSheet({ view: g.view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software });
      checkSheet(g.view, await pdfText(sheet.pdf), expectedRows(g.view));
      if (chosen.indexOf(g) % (SHEETS / SPORTS.length) === 0) {
        await fs.mkdir(ARTIFACTS, { recursive: true });
        await fs.writeFile(path.join(ARTIFACTS, `cross-output-${g.view.results.sport}.pdf`), sheet.pdf);
      }
      const photo = await renderPostedPhoto(g.view, ev.composite, ev.hashes, software);
      const file = path.join(work, `race-${g.index}.jpg`);
      await fs.writeFile(file, photo.jpeg);
      photos.push(file);
    }
    // One exiftool for every photo.
    const { stdout } = await run('exiftool', ['-j', '-G1', '-XMP-dc:Description', ...photos], { maxBuffer: 16 * 1024 * 1024 });
    const tags = JSON.parse(stdout) as Record<string, unknown>[];
    chosen.forEach((g, i) => checkPhoto(String(tags[i]?.['XMP-dc:Description'] ?? ''), expectedRows(g.view)));
  });
});
