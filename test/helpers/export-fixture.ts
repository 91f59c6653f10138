/**
 * A small, complete race folder for the export tests: a 600×120 composite drawn with sharp (grey streaks, dark
 * competitor silhouettes whose leading edges sit on the marks), evidence manifest and times with one dropped-frame
 * gap (competitors' leading edges are their earliest columns), race.json and a RaceView whose results match the marks. Names carry commas, quotes and accents on purpose.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { RaceView } from '../../app/api/types.js';
import { computeResults } from '../../app/domain/results/compute-results.js';
import type { Amendment, Certification, Competitor, Mark, SportName } from '../../app/domain/race/document.js';
import type { EvidenceManifest } from '../../app/domain/race/evidence.js';
import { RACE_LAYOUT } from '../../app/domain/race/evidence.js';
import { eventInfo, type RaceEvent } from '../../app/domain/event/race-event.js';
import type { CompetitorStatus } from '../../app/domain/race/status.js';

/** The event the fixture race is (its sheet title reads "Men's 100 m, round 1, heat 2, wind +1.2 m/s"). */
export const FIXTURE_EVENT: RaceEvent = {
  number: 12,
  round: 1,
  heat: 2,
  name: "Men's 100 m",
  meet: 'City Games 2026',
  venue: 'Stadion Köln',
  date: '2026-06-14',
  distanceM: 100,
  windMps: 1.2,
};

export const FIXTURE_COLUMNS = 600;
export const FIXTURE_ROWS = 120;
/** Column 300 → 301 jumps 40 ms instead of 1 ms: a dropped-frame gap. */
export const FIXTURE_GAP_AFTER = 300;

export function fixtureTimeNs(column: number): bigint {
  return 10_000_000_000n + BigInt(column) * 1_000_000n + (column > FIXTURE_GAP_AFTER ? 39_000_000n : 0n);
}

export interface ExportFixtureOptions {
  certified?: boolean;
  sport?: SportName;
  direction?: 'ltr' | 'rtl';
  amendments?: Amendment[];
  revision?: number;
  /** Write only the evidence (no race.json, no audit log): for tests that create the race through the store. */
  evidenceOnly?: boolean;
}

export interface ExportFixture {
  dir: string;
  manifestSha256: string;
  view: RaceView;
  cleanup(): Promise<void>;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

interface Entry {
  c: Competitor;
  mark?: { milliColumn?: number; typedNs?: bigint };
}

export const FIXTURE_ENTRIES: Entry[] = [
  { c: { id: '7', name: 'Anna Müller', firstName: 'Anna', lastName: 'Müller', team: 'TV Köln', lane: '4', colour: '#d7191c' }, mark: { milliColumn: 200_500 } },
  { c: { id: '12', name: "Zoë Ñúñez-O'Brien", firstName: 'Zoë', lastName: "Ñúñez-O'Brien", team: 'Club Atlético, Sevilla', lane: '5', colour: '#2166ac' }, mark: { milliColumn: 230_000 } },
  { c: { id: '3', name: 'John Smith, Jr.', firstName: 'John', lastName: 'Smith, Jr.', team: 'Ørsted "Fast" AC', lane: '3', colour: '#1a9641' }, mark: { milliColumn: 262_400 } },
  { c: { id: '21', name: 'Łukasz Kowalski', firstName: 'Łukasz', lastName: 'Kowalski', team: 'AZS Łódź', lane: '6', colour: '#e66101' }, mark: { typedNs: 10_280_000_000n } },
  { c: { id: '5', name: 'Émile Zola', firstName: 'Émile', lastName: 'Zola', team: 'Paris UC', lane: '2', colour: '#7b3294' }, mark: { milliColumn: 300_800 } },
  { c: { id: '9', name: 'Chloé Dubois', firstName: 'Chloé', lastName: 'Dubois', team: 'Lyon AC', lane: '7' } },
];

export async function makeExportFixture(opts: ExportFixtureOptions = {}): Promise<ExportFixture> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-export-'));
  await fs.mkdir(path.join(dir, 'evidence'), { recursive: true });

  // Composite: streaked background, a dark silhouette starting at each image mark's leading edge.
  const raw = Buffer.alloc(FIXTURE_COLUMNS * FIXTURE_ROWS * 3);
  for (let y = 0; y < FIXTURE_ROWS; y++) {
    const base = 150 + ((y * 37) % 60);
    for (let x = 0; x < FIXTURE_COLUMNS; x++) raw.fill(base, (y * FIXTURE_COLUMNS + x) * 3, (y * FIXTURE_COLUMNS + x) * 3 + 3);
  }
  FIXTURE_ENTRIES.forEach((e, k) => {
    const milli = e.mark?.milliColumn;
    if (milli === undefined) return;
    const lead = Math.round(milli / 1000);
    const y0 = 10 + k * 18;
    for (let y = y0; y < Math.min(FIXTURE_ROWS, y0 + 16); y++) {
      for (let x = lead; x <= Math.min(FIXTURE_COLUMNS - 1, lead + 14); x++) raw.fill(40, (y * FIXTURE_COLUMNS + x) * 3, (y * FIXTURE_COLUMNS + x) * 3 + 3);
    }
  });
  const png = await sharp(raw, { raw: { width: FIXTURE_COLUMNS, height: FIXTURE_ROWS, channels: 3 } }).png().toBuffer();
  await fs.writeFile(path.join(dir, RACE_LAYOUT.compositePng), png);

  const timesNs = Array.from({ length: FIXTURE_COLUMNS }, (_, i) => fixtureTimeNs(i).toString());
  const frames = Array.from({ length: FIXTURE_COLUMNS }, (_, i) => (i > FIXTURE_GAP_AFTER ? i + 39 : i));
  const timesJson = JSON.stringify({ timesNs, frames });
  await fs.writeFile(path.join(dir, RACE_LAYOUT.times), timesJson);

  // A real source file with its real hash: opening a certified race verifies its evidence (issue 21 item 1).
  const sourceDir = path.join(dir, 'source');
  const sourceFrame = Buffer.from('fixture source frame f0000\n');
  await fs.mkdir(sourceDir, { recursive: true });
  await fs.writeFile(path.join(sourceDir, 'f0000.png'), sourceFrame);
  const manifest: EvidenceManifest = {
    schema: 'photofinish.evidence',
    schemaVersion: 1,
    builtAt: '2026-06-14T15:20:00.000Z',
    software: { name: 'Photofinish', version: '0.1.0' },
    source: {
      kind: 'frames',
      path: sourceDir,
      description: 'Folder of 639 PNG frames, Basler acA1300 at 1000 fps',
      files: [{ path: path.join(sourceDir, 'f0000.png'), bytes: sourceFrame.length, sha256: sha256(sourceFrame) }],
      frameCount: 639,
      width: 640,
      height: 120,
      bitDepth: 8,
      channels: 3,
    },
    line: { kind: 'column', x: 320 },
    timing: { kind: 'fps', fps: '1000', startNs: '10000000000' },
    columns: FIXTURE_COLUMNS,
    rows: FIXTURE_ROWS,
    times: { path: RACE_LAYOUT.times, sha256: sha256(timesJson) },
    gaps: [{ afterColumn: FIXTURE_GAP_AFTER, fromNs: fixtureTimeNs(FIXTURE_GAP_AFTER).toString(), toNs: fixtureTimeNs(FIXTURE_GAP_AFTER + 1).toString(), reason: 'interval' }],
    measured: { medianIntervalNs: '1000000', minIntervalNs: '999000', maxIntervalNs: '40000000', spreadNs: '2000', rate: 1000 },
    composite: { path: RACE_LAYOUT.compositePng, sha256: sha256(png), width: FIXTURE_COLUMNS, height: FIXTURE_ROWS, format: 'png' },
    tiles: { path: 'tiles', tileWidth: 256, format: 'png', levels: [{ level: 0, downsample: 1, columns: FIXTURE_COLUMNS, rows: FIXTURE_ROWS, tiles: 3 }] },
  };
  const manifestJson = JSON.stringify(manifest, null, 2);
  await fs.writeFile(path.join(dir, RACE_LAYOUT.manifest), manifestJson);

  const sport = opts.sport ?? 'athletics';
  const marks: Mark[] = [];
  const at = (n: number) => `2026-06-14T15:2${n}:00.000Z`;
  FIXTURE_ENTRIES.forEach((e, k) => {
    if (!e.mark) return;
    marks.push({
      competitorId: e.c.id,
      position: e.mark.typedNs !== undefined ? { kind: 'time', ns: e.mark.typedNs.toString() } : { kind: 'column', milliColumn: e.mark.milliColumn as number },
      origin: e.mark.typedNs !== undefined ? 'typed' : 'image',
      by: 'Jane Official',
      at: at(k),
    });
  });

  // The one competitor without a mark did not finish (a certified race accounts for everyone).
  const statuses: CompetitorStatus[] = FIXTURE_ENTRIES.filter((x) => !x.mark).map((e) => ({ competitorId: e.c.id, status: 'DNF', reason: 'pulled up', by: 'Jane Official', at: '2026-06-14T15:25:00.000Z' }));
  // The result is the domain's own, computed from these marks as the service computes it.
  const computed = computeResults({
    doc: { settings: { sport: { sport }, direction: opts.direction ?? 'ltr' }, competitors: FIXTURE_ENTRIES.map((e) => e.c), marks, deadHeats: [], statuses, revision: opts.revision ?? 1 },
    times: timesNs.map((t) => BigInt(t)),
    gaps: manifest.gaps,
    rate: manifest.measured.rate,
  });
  const { finishers, others } = computed;

  const revision = opts.revision ?? 1;
  const auditHead = sha256(`audit-${revision}-${opts.certified ? 'c' : 'u'}`);
  const certified: Certification | null = opts.certified
    ? { revision, official: 'Jane Official', role: 'Chief photo-finish judge', at: '2026-06-14T15:32:10.000Z', manifestSha256: sha256(manifestJson), resultsSha256: 'b'.repeat(64), auditHead }
    : null;
  const meta = { name: "Men's 100 m, heat 2", startTime: '15:21:04', camera: 'Finish camera A' };
  const view: RaceView = {
    raceId: 'fixture',
    path: dir,
    meta,
    event: eventInfo(FIXTURE_EVENT, meta),
    evidence: manifest,
    timesNs,
    frames,
    sport: { sport },
    direction: opts.direction ?? 'ltr',
    competitors: FIXTURE_ENTRIES.map((e) => e.c),
    marks,
    deadHeats: [],
    statuses,
    withdrawnDeadHeats: [],
    triggers: [],
    results: { ...computed, sport, certified: Boolean(opts.certified), revision, event: eventInfo(FIXTURE_EVENT, meta), finishers, others, checks: [] },
    revision,
    certified,
    amendments: opts.amendments ?? [],
    canUndo: true,
    canRedo: false,
    auditHead,
    auditCount: 9,
  };
  if (!opts.evidenceOnly) {
    await fs.writeFile(path.join(dir, RACE_LAYOUT.document), JSON.stringify({ schema: 'photofinish.race', view }, null, 2));
    await fs.writeFile(path.join(dir, RACE_LAYOUT.audit), '');
  }
  return { dir, manifestSha256: sha256(manifestJson), view, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}
