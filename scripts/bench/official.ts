/**
 * `npm run bench:official`: the time to an official result (issue 22 item 9). A scripted official in real Chromium
 * (through the HTTP bridge, as in the e2e tests) takes each race from built to certified with its sheet exported:
 * the race opens (its suggestions were stored by the build), each competitor is paired with its suggestion by
 * typing the number and Enter (2 actions), then Certify, Enter to confirm, Enter to export (3 actions). Prints the
 * actions and seconds of every step. Goals: at most 2 actions per competitor + 3, under 10 s for four competitors.
 *
 * Races: the demo (four cars, 1000 fps; the truth file says which car each suggestion is) and the real traffic clip
 * ../shared/real-media/car-detection.mp4 built with `--line 0,216,767,216` and a four-car start list, paired in
 * time order (skipped with a message where the clip is absent). The build's own time is printed too, and the cost
 * of `detect` after it (the stored suggestions) against detecting afresh.
 * Usage: tsx scripts/bench/official.ts
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildRequest } from '../../app/api/methods/build.js';
import type { EdgeSuggestion } from '../../app/api/types.js';
import { startBridge } from '../../app/bridge/server.js';
import type { DemoTruth } from '../../app/demo/render-demo.js';
import { createService } from '../../app/service/create-service.js';
import { chromiumMissing, launchBrowser } from '../../test/helpers/browser.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const rendererDir = path.join(repoRoot, 'dist/renderer');
const trafficClip = path.resolve(repoRoot, '../shared/real-media/car-detection.mp4');
const OFFICIAL = 'Bench Official';

interface Step {
  step: string;
  actions: number;
  seconds: number;
}

/** Which competitor each suggestion (index order) belongs to. */
type Pairing = { edge: EdgeSuggestion; competitor: string }[];

const seconds = (t0: number) => (performance.now() - t0) / 1000;

async function timed(steps: Step[], step: string, actions: number, run: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  await run();
  steps.push({ step, actions, seconds: seconds(t0) });
}

/** The scripted official on the race at `racePath`, in an app started on it (as `photofinish serve RACE` does). */
async function official(dataDir: string, racePath: string, pairing: (edges: EdgeSuggestion[]) => Promise<Pairing>): Promise<Step[]> {
  const running = createService({ shell: 'browser', dataDir, startup: { kind: 'race', path: racePath } });
  const bridge = await startBridge({ running, rendererDir });
  const browser = await launchBrowser({ colorScheme: 'dark' });
  const page: Page = browser.page;
  const steps: Step[] = [];
  try {
    // The official's name is remembered between races: set once, before the clock starts.
    await page.goto(bridge.url);
    await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('official').fill(OFFICIAL);
    await page.getByTestId('official').press('Enter');
    const view = await running.service.openRace({ path: racePath });
    const pairs = await pairing((await running.service.detectEdges({ raceId: view.raceId })).edges);

    await timed(steps, 'open the race (suggestions shown)', 0, async () => {
      await page.reload();
      await page.locator('[data-testid="composite"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('suggestion-choice').waitFor({ timeout: 10_000 });
    });
    await page.getByTestId('composite').hover();
    for (const { edge, competitor } of pairs) {
      await timed(steps, `#${competitor}: type the number, Enter (S${edge.index + 1})`, 2, async () => {
        await page.keyboard.type(competitor);
        await page.keyboard.press('Enter');
        await page.locator(`[data-testid="results-table"] tr[data-competitor="${competitor}"] .badge.sugg`).waitFor();
      });
    }
    await timed(steps, 'Certify…, Enter to confirm', 2, async () => {
      await page.getByTestId('certify').click();
      await page.getByTestId('certify-dialog').waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('certified-banner').waitFor();
    });
    await timed(steps, 'Enter to export the sheet', 1, async () => {
      await page.getByTestId('export-dialog').waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('export-result').waitFor({ timeout: 60_000 });
    });
    if (browser.errors.length) throw new Error(`page errors: ${browser.errors.join('; ')}`);
    return steps;
  } finally {
    await browser.close();
    await bridge.close();
  }
}

function report(name: string, steps: Step[], competitors: number, extra: string[]): boolean {
  const actions = steps.reduce((a, s) => a + s.actions, 0);
  const total = steps.reduce((a, s) => a + s.seconds, 0);
  const width = Math.max(...steps.map((s) => s.step.length));
  console.log(`\n${name}`);
  for (const s of steps) console.log(`  ${s.step.padEnd(width)}  ${String(s.actions).padStart(2)} action${s.actions === 1 ? ' ' : 's'}  ${s.seconds.toFixed(2).padStart(6)} s`);
  const goalActions = 2 * competitors + 3;
  const ok = actions <= goalActions && (competitors > 4 || total < 10);
  console.log(`  ${'total'.padEnd(width)}  ${String(actions).padStart(2)} actions  ${total.toFixed(2).padStart(6)} s   goals: ≤ ${goalActions} actions, < 10 s → ${ok ? 'met' : 'NOT met'}`);
  for (const line of extra) console.log(`  ${line}`);
  return ok;
}

async function main(): Promise<void> {
  const missing = chromiumMissing() ?? (existsSync(path.join(rendererDir, 'index.html')) ? null : 'dist/renderer is missing: run npm run build:renderer');
  if (missing) {
    console.log(`bench:official skipped: ${missing}`);
    return;
  }
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-bench-official-'));
  let allMet = true;
  try {
    const running = createService({ shell: 'browser', dataDir: work, startup: null });
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

    // The demo race: built once (with its stored suggestions), its truth says which car each suggestion is.
    let t0 = performance.now();
    const demo = await running.service.openDemoRace({});
    const demoBuild = seconds(t0);
    const truth = JSON.parse(await fs.readFile(path.join(path.dirname(demo.evidence.source.path), 'truth.json'), 'utf8')) as DemoTruth;
    const demoSteps = await official(work, demo.path, async (edges) =>
      edges.map((edge) => ({ edge, competitor: truth.cars.find((c) => edge.rows[0] <= c.rows[1] && edge.rows[1] >= c.rows[0])!.id })),
    );
    allMet = report('Demo race (4 cars, 1000 fps)', demoSteps, 4, [`(rendering and building the demo beforehand: ${demoBuild.toFixed(1)} s)`]) && allMet;

    if (!existsSync(trafficClip)) {
      console.log(`\nTraffic clip skipped: ${trafficClip} is absent`);
    } else {
      const startList = path.join(work, 'traffic-start-list.csv');
      await fs.writeFile(startList, 'id,name,team\n1,First car,Traffic\n2,Second car,Traffic\n3,Third car,Traffic\n4,Fourth car,Traffic\n');
      const out = path.join(work, 'traffic.race');
      t0 = performance.now();
      // Parsed as every transport parses it (the sport's default and the rest filled in).
      const { jobId } = await running.service.startBuild(
        buildRequest.parse({ source: trafficClip, out, line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, startList, name: 'Traffic clip' }),
      );
      for (;;) {
        const job = await running.service.getJob({ jobId });
        if (job.state === 'done') break;
        if (job.state !== 'running') throw new Error(`traffic build ${job.state}: ${job.error ?? ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const build = seconds(t0);
      const race = await running.service.openRace({ path: out });
      t0 = performance.now();
      await running.service.detectEdges({ raceId: race.raceId });
      const stored = seconds(t0);
      t0 = performance.now();
      await running.service.detectEdges({ raceId: race.raceId, again: true });
      const fresh = seconds(t0);
      const steps = await official(work, out, async (edges) => edges.map((edge, i) => ({ edge, competitor: String(i + 1) })));
      allMet =
        report('Traffic clip (car-detection.mp4, --line 0,216,767,216, 4 cars)', steps, 4, [
          `build (suggestions stored): ${build.toFixed(2)} s; detect after the build: ${(stored * 1000).toFixed(1)} ms (${((100 * stored) / build).toFixed(2)} % of the build); detect --again: ${fresh.toFixed(2)} s`,
        ]) && allMet;
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  if (!allMet) process.exitCode = 1;
}

await main();
