/**
 * The demo race in the user's data folder: `<dataDir>/demo/source` (rendered footage, start list, truth.json) and
 * `<dataDir>/demo/race` (the race built from it). Rendered and built on first use, reused afterwards. Safe when
 * several callers ask at once: in one process they share one promise, across processes a lock folder
 * (`demo/.lock`, created atomically) lets one render while the others wait.
 */
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildRace } from '../imaging/race-builder/build-race.js';
import type { SuggestEdges } from '../imaging/race-builder/stored-suggestions.js';
import { buildRequest } from '../api/methods/build.js';
import { RACE_LAYOUT, evidenceManifest } from '../domain/race/evidence.js';
import { DEMO } from './demo-scene.js';
import { renderDemoSource } from './render-demo.js';
import { commitChange } from '../store/race-store.js';
import { setDirection } from '../domain/race/commands/index.js';

/** Bump when the demo's look or truth changes: older renders in users' folders are then rebuilt. */
export const DEMO_VERSION = '2';

const STAMP = 'demo-version.txt';
const LOCK_STALE_MS = 5 * 60_000;
const LOCK_POLL_MS = 100;

export function demoPaths(dataDir: string) {
  const root = path.join(dataDir, 'demo');
  return {
    root,
    source: path.join(root, 'source'),
    race: path.join(root, 'race'),
    truth: path.join(root, 'source', 'truth.json'),
    raceStamp: path.join(root, 'race.version'),
    lock: path.join(root, '.lock'),
  };
}

const inFlight = new Map<string, Promise<string>>();

/**
 * Returns the demo race folder, rendering and building it first where it is missing or out of date. `suggest`: the
 * detector the service hands in (detection sits above the demo), so the demo opens with its suggestions ready.
 */
export function ensureDemoRace(dataDir: string, suggest?: SuggestEdges): Promise<string> {
  const key = path.resolve(dataDir);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = ensureLocked(key, suggest).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function ensureLocked(dataDir: string, suggest: SuggestEdges | undefined): Promise<string> {
  const p = demoPaths(dataDir);
  if (await isValidRace(p.race)) return p.race;
  await mkdir(p.root, { recursive: true });
  const owned = await acquireLock(p.lock, () => isValidRace(p.race));
  if (!owned) return p.race;
  try {
    // Another process may have finished while we waited for the lock.
    if (await isValidRace(p.race)) return p.race;
    if (!(await isValidSource(p.source))) {
      await rm(p.source, { recursive: true, force: true });
      await renderDemoSource(p.source);
      await writeFile(path.join(p.source, STAMP), `${DEMO_VERSION}\n`);
    }
    await rm(p.raceStamp, { force: true });
    await rm(p.race, { recursive: true, force: true });
    await buildRace(
      buildRequest.parse({
        source: path.join(p.source, 'frames'),
        out: p.race,
        line: { kind: 'column', x: DEMO.lineX },
        timing: { kind: 'timestamps', file: path.join(p.source, 'timestamps.csv') },
        name: DEMO.name,
        sport: 'motorsport',
        startList: path.join(p.source, 'start-list.csv'),
      }),
      suggest ? { suggest } : {},
    );
    // The demo's cars travel left to right past the camera, so the composite holds them mirrored (noses first, on
    // the left). Display it right-to-left, as an official would, so they face the way they travel.
    await commitChange(p.race, (s) => ({ actor: 'Photofinish demo', ...setDirection(s, 'rtl') }));
    // The race's stamp lives beside it, not inside: the race folder holds only what the store writes.
    await writeFile(p.raceStamp, `${DEMO_VERSION}\n`);
    return p.race;
  } finally {
    await rm(p.lock, { recursive: true, force: true });
  }
}

async function readStamp(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return null;
  }
}

async function isValidSource(dir: string): Promise<boolean> {
  if ((await readStamp(path.join(dir, STAMP))) !== DEMO_VERSION) return false;
  try {
    const frames = await readdir(path.join(dir, 'frames'));
    if (frames.filter((f) => f.endsWith('.jpg')).length !== DEMO.frames) return false;
    await stat(path.join(dir, 'truth.json'));
    await stat(path.join(dir, 'timestamps.csv'));
    await stat(path.join(dir, 'start-list.csv'));
    return true;
  } catch {
    return false;
  }
}

/** A race folder built from the current demo: stamped, with its document and a readable evidence manifest. */
async function isValidRace(dir: string): Promise<boolean> {
  if ((await readStamp(path.join(path.dirname(dir), 'race.version'))) !== DEMO_VERSION) return false;
  try {
    await stat(path.join(dir, RACE_LAYOUT.document));
    await stat(path.join(dir, RACE_LAYOUT.compositePng));
    evidenceManifest.parse(JSON.parse(await readFile(path.join(dir, RACE_LAYOUT.manifest), 'utf8')));
    return true;
  } catch {
    return false;
  }
}

/**
 * mkdir is atomic: whoever creates the lock folder renders (true); the others poll until the race is ready (false).
 */
async function acquireLock(lock: string, ready: () => Promise<boolean>): Promise<boolean> {
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'owner'), `${process.pid}\n`);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (await ready()) return false;
    try {
      const age = Date.now() - (await stat(lock)).mtimeMs;
      if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
    } catch {
      // The lock vanished between the checks: try again at once.
    }
    await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
  }
}
