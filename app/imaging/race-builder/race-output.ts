/**
 * Where a race is written. A build writes into a hidden temporary folder beside the output and renames it into
 * place only when everything is written, so a cancelled or crashed build never leaves a half-written race.
 */
import { chmod, lstat, mkdtemp, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { RACE_LAYOUT } from '../../domain/race/evidence.js';

export interface OutputPlan {
  out: string;
  /** An existing race (with --force) or an empty folder is replaced at commit. */
  replaces: 'nothing' | 'empty-folder' | 'race';
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** Checks the output before anything is read or written. */
export async function planOutput(outPath: string, force: boolean): Promise<OutputPlan> {
  const out = path.resolve(outPath);
  let st;
  try {
    st = await lstat(out);
  } catch {
    const parent = path.dirname(out);
    const ps = await stat(parent).catch(() => null);
    if (!ps?.isDirectory()) throw new UserError(`${out}: the folder it would go in (${parent}) does not exist`, 'NOT_FOUND');
    return { out, replaces: 'nothing' };
  }
  if (!st.isDirectory()) throw new UserError(`${out}: exists and is not a folder`, 'CONFLICT');
  const isRace = (await exists(path.join(out, RACE_LAYOUT.document))) || (await exists(path.join(out, RACE_LAYOUT.manifest)));
  if (isRace) {
    if (!force) throw new UserError(`${out}: already holds a race`, 'CONFLICT', { hint: 'replace-race' });
    return { out, replaces: 'race' };
  }
  const entries = await readdir(out);
  if (entries.length > 0) throw new UserError(`${out}: folder is not empty and is not a race; choose a new folder`, 'CONFLICT');
  return { out, replaces: 'empty-folder' };
}

export async function makeBuildFolder(plan: OutputPlan): Promise<string> {
  const temp = await mkdtemp(path.join(path.dirname(plan.out), `.${path.basename(plan.out)}.building-`));
  // mkdtemp makes a private (0700) folder; the race folder gets the usual permissions once renamed into place.
  await chmod(temp, 0o755);
  return temp;
}

/** Moves the finished build into place (replacing per plan); the old race is removed only after the swap. */
export async function commitBuildFolder(temp: string, plan: OutputPlan): Promise<void> {
  if (plan.replaces === 'nothing') {
    if (await exists(plan.out)) throw new UserError(`${plan.out}: appeared while building; nothing was replaced`, 'CONFLICT');
    await rename(temp, plan.out);
    return;
  }
  if (plan.replaces === 'empty-folder') {
    await rmdir(plan.out);
    await rename(temp, plan.out);
    return;
  }
  const old = await mkdtemp(path.join(path.dirname(plan.out), `.${path.basename(plan.out)}.replaced-`));
  const parked = path.join(old, 'race');
  await rename(plan.out, parked);
  try {
    await rename(temp, plan.out);
  } catch (err) {
    await rename(parked, plan.out).catch(() => undefined);
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

export async function discardBuildFolder(temp: string): Promise<void> {
  await rm(temp, { recursive: true, force: true }).catch(() => undefined);
}
