/**
 * The one guard for every file Photofinish writes outside a race's own document and log: exports, the zero-control
 * report (`zero-control --out`), a live recording's "Save the race in" folder, the posted photo, anything new.
 * Evidence is sacred, so a place is refused when, after resolving symlinks and `..` (and folding case where the
 * volume ignores it), it lies
 *   - inside a race folder (a folder holding a race document or an audit log, looked for up the tree), except the
 *     writer's own race's `exports/` folder (and never on its export record there);
 *   - on a source of any race this installation knows (the index of sources, `source-index.ts`, plus the writer's
 *     own race's manifest), or inside a folder of such frames;
 *   - on something that is not a regular file (a folder, a FIFO, a device, a socket), which a write would block
 *     on, fill or destroy.
 * Whether an existing regular file may be replaced is the writer's own rule (exports: `export-target.ts`).
 */
import { lstat, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { realPathOf, samePlace } from '../security/path-identity.js';
import { knownRaceSources, type RaceSources } from './source-index.js';

export interface WriteRules {
  /** The data folder holding the index of every known race's sources; null where there is none (a library call). */
  dataDir: string | null;
  /** The writer's own race: its `exports/` folder may be written. */
  ownRace?: string;
  /** The writer's own race's sources, in case the index does not hold them yet. */
  ownSources?: RaceSources;
}

/** The nearest folder at or above `dir` that holds a race document or an audit log, or null. */
export async function raceFolderAbove(dir: string): Promise<string | null> {
  let at = dir;
  for (;;) {
    for (const marker of [RACE_LAYOUT.document, RACE_LAYOUT.audit]) {
      if (await lstat(path.join(at, marker)).then(() => true, () => false)) return at;
    }
    const parent = path.dirname(at);
    if (parent === at) return null;
    at = parent;
  }
}

/** The places `file` stands for on disk: its real path, and where it points if it is a symlink. */
async function placesOf(file: string): Promise<string[]> {
  const real = path.join(await realPathOf(path.dirname(file)), path.basename(file));
  const link = await lstat(real).catch(() => null);
  if (!link?.isSymbolicLink()) return [real];
  const pointed = path.resolve(path.dirname(real), await readlink(real));
  return [real, await realPathOf(pointed)];
}

/** Every known source, with the race folder it belongs to (the writer's own race first). */
async function sourcesToRefuse(rules: WriteRules): Promise<{ race: string | null; sources: RaceSources }[]> {
  const all: { race: string | null; sources: RaceSources }[] = [];
  if (rules.ownSources) all.push({ race: rules.ownRace ?? null, sources: rules.ownSources });
  if (rules.dataDir) for (const [race, sources] of await knownRaceSources(rules.dataDir)) all.push({ race, sources });
  return all;
}

const isOwn = async (race: string | null, rules: WriteRules) => race !== null && rules.ownRace !== undefined && (await samePlace(race, rules.ownRace));

const sourceFileRefused = async (given: string, source: string, owner: string | null, rules: WriteRules) =>
  new UserError(
    `${given}: ${owner === null ? 'is the footage being read' : `is a source file of ${(await isOwn(owner, rules)) ? 'this race' : `the race ${owner}`}`} (${source}); footage is evidence and is never overwritten`,
    'FORBIDDEN',
  );

const framesFolderRefused = async (given: string, folder: string, owner: string | null, rules: WriteRules) =>
  new UserError(
    `${given}: lies in the folder of ${owner === null ? 'the frames being read' : (await isOwn(owner, rules)) ? "this race's frames" : `the frames of the race ${owner}`} (${folder}); footage folders are evidence and are never written to`,
    'FORBIDDEN',
  );

/** True when `inner` is `outer` or lies below it (compared as the volume compares names, symlinks resolved). */
async function within(inner: string, outer: string): Promise<boolean> {
  for (let at = inner; ; at = path.dirname(at)) {
    if (await samePlace(at, outer)) return true;
    if (path.dirname(at) === at) return false;
  }
}

async function checkContainment(given: string, place: string, rules: WriteRules, known: { race: string | null; sources: RaceSources }[]): Promise<void> {
  const parent = path.dirname(place);
  const race = await raceFolderAbove(parent);
  if (race !== null) {
    const ownRace = rules.ownRace !== undefined && (await samePlace(race, rules.ownRace));
    if (!(ownRace && (await samePlace(parent, path.join(race, RACE_LAYOUT.exportsDir))))) {
      throw new UserError(
        ownRace
          ? `${given}: lies inside this race's folder; exports go into its exports/ folder or outside any race folder`
          : rules.ownRace !== undefined
            ? `${given}: lies inside the race folder ${race}, another race's; this race's exports go into its own exports/ folder or outside any race folder`
            : `${given}: lies inside the race folder ${race}; a race folder holds only the race's own files`,
        'FORBIDDEN',
      );
    }
    if (await samePlace(place, path.join(race, ...RACE_LAYOUT.exportsLog.split('/')))) throw new UserError(`${given}: is the race's record of its exports`, 'FORBIDDEN');
  }
  for (const { race: owner, sources } of known) {
    for (const source of sources.files) {
      if (await samePlace(place, source)) throw await sourceFileRefused(given, source, owner, rules);
    }
    for (const folder of sources.folders) {
      if (await within(parent, folder)) throw await framesFolderRefused(given, folder, owner, rules);
    }
  }
}

/** Refuses a file that may not be written (see the header); `given` is how the user named it. */
export async function checkWritableFile(given: string, rules: WriteRules): Promise<void> {
  const abs = path.resolve(given);
  const known = await sourcesToRefuse(rules);
  for (const place of await placesOf(abs)) await checkContainment(given, place, rules, known);
  const parent = path.dirname(abs);
  const dir = await stat(parent).catch(() => null);
  if (!dir?.isDirectory()) throw new UserError(`${given}: folder ${parent} does not exist`, 'NOT_FOUND');
  const existing = await stat(abs).catch(() => null);
  if (existing?.isDirectory()) throw new UserError(`${given}: is a folder, give a file name`, 'INVALID_ARGUMENT');
  if (existing && !existing.isFile()) throw new UserError(`${given}: is not a regular file (a device, a FIFO or a socket); nothing was written`, 'FORBIDDEN');
}

/**
 * Refuses a folder in which new files and folders are to be made (a recording's "Save the race in"): it must lie
 * outside every race folder and every known frames folder (and be a folder, where something stands there).
 */
export async function checkWritableFolder(given: string, rules: WriteRules): Promise<void> {
  const real = await realPathOf(path.resolve(given));
  const st = await stat(real).catch(() => null);
  // A folder not there yet is made by the writer; what stands there must be a folder.
  if (st && !st.isDirectory()) throw new UserError(`${given}: is not a folder`, 'INVALID_ARGUMENT');
  const race = await raceFolderAbove(real);
  if (race !== null) throw new UserError(`${given}: lies inside the race folder ${race}; a race folder holds only the race's own files`, 'FORBIDDEN');
  for (const { race: owner, sources } of await sourcesToRefuse(rules)) {
    for (const folder of sources.folders) {
      if (await within(real, folder)) throw await framesFolderRefused(given, folder, owner, rules);
    }
  }
}
