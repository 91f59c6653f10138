/**
 * The enlargement on whole races: the demo (1000 fps, cars side by side 0.001 s apart) and real footage (a
 * 12.5 fps parking-aisle video, two vehicles crossing 0.435 s apart). Each printed enlargement must crop to the
 * vehicles, stand the hairlines on their noses, and print at the same resolution across and down; the rendered
 * pages and the posted photos are saved under test-artifacts/photo/ to be looked at.
 */
import { access, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api/client.js';
import { dispatchCall } from '../../../app/api/dispatch.js';
import type { RaceView } from '../../../app/api/types.js';
import { ensureDemoRace } from '../../../app/demo/demo-race.js';
import { readRaceEvidence } from '../../../app/exports/evidence-files.js';
import { renderResultSheet, type ResultSheet } from '../../../app/exports/pdf/result-sheet.js';
import { renderPostedPhoto } from '../../../app/exports/photo/posted-photo.js';
import { createService } from '../../../app/service/create-service.js';
import { pdfImages, pdfText, renderPage } from '../../helpers/export-poppler.js';
import { fullView } from '../../helpers/full-view.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const video = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const videoPresent = await access(video).then(
  () => true,
  () => false,
);
if (!videoPresent) console.warn(`real-footage enlargement test skipped: ${video} is absent`);
const ARTIFACTS = path.join(repoRoot, 'test-artifacts', 'photo');
const software = { name: 'Photofinish', version: '0.1.0' };

let work: string;
let api: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'pf-closeup-races-'));
  const running = createService({ shell: 'cli', dataDir: path.join(work, 'data') });
  api = createApiClient((name, args) => dispatchCall(running.service, name, args));
  await mkdir(ARTIFACTS, { recursive: true });
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function sheetAndPhoto(view: RaceView, name: string): Promise<ResultSheet> {
  const ev = await readRaceEvidence(view, view.path);
  const sheet = await renderResultSheet({ view, composite: ev.composite, hashes: ev.hashes, paper: 'A4', software });
  for (let p = 1; p <= sheet.pages; p++) await writeFile(path.join(ARTIFACTS, `${name}-sheet-${p}.png`), (await renderPage(sheet.pdf, p, 60)).png);
  const photo = await renderPostedPhoto(view, ev.composite, ev.hashes, software);
  await writeFile(path.join(ARTIFACTS, `${name}-photo.png`), await sharp(photo.jpeg).png().toBuffer());
  return sheet;
}

/** The enlargement's embedded image as pdfimages reports it: x and y resolution within 2:1. */
async function expectTrueProportions(sheet: ResultSheet): Promise<void> {
  const c = sheet.closeups[0]!;
  const img = (await pdfImages(sheet.pdf)).find((i) => i.width === c.embedded.width && i.height === c.embedded.height);
  expect(img, 'the enlargement is embedded').toBeDefined();
  expect(img!.xPpi / img!.yPpi).toBeGreaterThanOrEqual(0.5);
  expect(img!.xPpi / img!.yPpi).toBeLessThanOrEqual(2);
}

/** RGB of the printed page at a composite row, `dx` points beside a hairline of the enlargement. */
async function beside(sheet: ResultSheet, id: string, row: number, dxColumns: number) {
  const c = sheet.closeups[0]!;
  const px = 144 / 72;
  const page = await renderPage(sheet.pdf, c.page + 1, 144);
  const h = c.hairlines.find((x) => x.competitorId === id)!;
  return page.rgb((h.x + dxColumns * c.unitsPerColumn) * px, (c.y + (row + 0.5 - c.crop.top) * c.unitsPerRow) * px);
}

describe('the demo race', () => {
  it('enlarges #5 and #17 side by side, the hairlines on their noses, one column as wide as one row', async () => {
    const racePath = await ensureDemoRace(path.join(work, 'demo-data'));
    const race = await api.openRace({ path: racePath });
    const { edges } = await api.detectEdges({ raceId: race.raceId });
    // Edges in time order: #5, #17, #24, #48 (see demo-scene.ts).
    for (const [i, id] of ['5', '17', '24', '48'].entries()) await api.placeMark({ raceId: race.raceId, competitorId: id, suggestion: edges[i]!.index, by: 'A. Judge' });
    const view = await fullView(api, await api.getRace({ raceId: race.raceId }));
    const sheet = await sheetAndPhoto(view, 'demo');
    const c = sheet.closeups[0]!;
    expect(c.crop.columnRepeat).toBe(1);
    expect(c.unitsPerColumn).toBe(c.unitsPerRow);
    // Lanes 2 and 3 (rows 92–192 of 270) and little else.
    expect(c.crop.top).toBeGreaterThan(70);
    expect(c.crop.bottom).toBeLessThan(215);
    await expectTrueProportions(sheet);
    // Shown right to left: each car's body is just left of its hairline, the track just right of it.
    const red = await beside(sheet, '5', 117, -1.5);
    expect(red[0] - red[1], `#5 red body behind its hairline: ${red}`).toBeGreaterThan(100);
    const yellow = await beside(sheet, '17', 167, -1.5);
    expect(yellow[0] - yellow[2], `#17 yellow body behind its hairline: ${yellow}`).toBeGreaterThan(100);
    const ahead = await beside(sheet, '5', 117, 3);
    expect(Math.max(...ahead) - Math.min(...ahead), `track ahead of #5: ${ahead}`).toBeLessThan(40);
    // Rendering the demo's 320 frames and reading its edges takes a minute on a busy machine.
  }, 300_000);
});

describe.skipIf(!videoPresent)('real footage (car-detection.mp4, 12.5 frames/s)', () => {
  it('enlarges the two vehicles recognisably, columns repeated across, the hairline of #2 on its front', async () => {
    const built = await api.startBuild({ source: video, out: path.join(work, 'traffic.race'), line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, timing: { kind: 'source' } });
    let status = await api.getJob({ jobId: built.jobId });
    while (status.state === 'running') status = await new Promise((r) => setTimeout(() => r(api.getJob({ jobId: built.jobId })), 200));
    expect(status.state).toBe('done');
    const race = await api.openRace({ path: status.racePath! });
    const list = path.join(work, 'traffic-start.csv');
    await writeFile(list, 'id,name,team,lane\n1,Silver sedan,,1\n2,Red hatchback,,2\n');
    await api.importStartList({ raceId: race.raceId, path: list, by: 'A. Judge' });
    const { edges } = await api.detectEdges({ raceId: race.raceId });
    await api.placeMark({ raceId: race.raceId, competitorId: '1', suggestion: edges[1]!.index, by: 'A. Judge' });
    await api.placeMark({ raceId: race.raceId, competitorId: '2', suggestion: edges[2]!.index, by: 'A. Judge' });
    const view = await fullView(api, await api.getRace({ raceId: race.raceId }));
    const sheet = await sheetAndPhoto(view, 'traffic');
    const c = sheet.closeups[0]!;
    // The vehicles span a dozen-odd columns but hundreds of rows: columns repeated so they look like vehicles.
    expect(c.crop.columnRepeat).toBeGreaterThanOrEqual(4);
    expect(c.unitsPerColumn / c.unitsPerRow).toBe(c.crop.columnRepeat);
    // Cropped to the two vehicles' rows (suggested rows 61–272 and 273–478), not the whole 768-row line.
    expect(c.crop.top).toBeLessThanOrEqual(61);
    expect(c.crop.bottom).toBeGreaterThanOrEqual(479);
    expect(c.crop.bottom - c.crop.top).toBeLessThan(600);
    // Not within 2:1 (pdfimages reports equal resolutions only because the pixels are embedded already repeated):
    // the caption must say so.
    expect((await pdfText(sheet.pdf)).replace(/\s+/g, ' ')).toContain(`stretched ${c.crop.columnRepeat}× across, not in true proportions`);
    // The red hatchback starts at its hairline: red just after it (left to right), grey road a column before.
    const body = await beside(sheet, '2', 380, 1);
    expect(body[0] - body[1], `red body after #2's hairline: ${body}`).toBeGreaterThan(60);
    const road = await beside(sheet, '2', 380, -1.5);
    expect(Math.max(...road) - Math.min(...road), `road before #2's hairline: ${road}`).toBeLessThan(30);
  }, 180_000);
});
