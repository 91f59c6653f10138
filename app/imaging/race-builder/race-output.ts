/**
 * Where a race is written. A build writes into a hidden temporary folder beside the output and renames it into
 * place only when everything is written, so a cancelled or crashed build never leaves a half-written race.
 */
import { log, logUnexpected } from '../../runtime/log.js';
import { chmod, lstat, mkdtemp, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { systemErrorToUserError } from '../../domain/system-errors.js';
import { checkChain } from '../../domain/audit/chain.js';
import { sha256Text } from '../../store/sha256.js';
import { UserError } from '../../domain/errors.js';
import { RACE_LAYOUT } from '../../domain/race/evidence.js';
import { readAuditLog } from '../../store/audit-log.js';
import { isCaseInsensitive, realPathOf } from '../../security/path-identity.js';
import { buildFolderPrefix, claimBuildFolder, releaseBuildFolder, removeStaleBuildFolders } from './stale-builds.js';

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
export async function planOutput(outPath: string, force: boolean, replaceCertified = false): Promise<OutputPlan> {
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
    if (!replaceCertified) await refuseCertified(out);
    return { out, replaces: 'race' };
  }
  const entries = await readdir(out);
  if (entries.length > 0) throw new UserError(`${out}: folder is not empty and is not a race; choose a new folder`, 'CONFLICT');
  return { out, replaces: 'empty-folder' };
}

/**
 * Replacing a race deletes its folder with everything in it: footage kept there (a video copied beside race.json),
 * its timestamps or start list would be deleted by the very build made from them. Each input is compared by its real path (symlinks, `..`, letter
 * case where the volume ignores it).
 */
export async function refuseInputsInsideReplaced(plan: OutputPlan, inputs: readonly string[]): Promise<void> {
  if (plan.replaces !== 'race') return;
  const fold = (await isCaseInsensitive(plan.out)) ? (p: string) => p.toLowerCase() : (p: string) => p;
  const folder = fold(await realPathOf(plan.out));
  for (const input of inputs) {
    const rel = path.relative(folder, fold(await realPathOf(input)));
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
      throw new UserError(`${input}: lies inside ${plan.out}, the race folder that would be replaced (deleted with everything in it); move it out of that folder first`, 'CONFLICT');
    }
  }
}

/**
 * A certified race is an official record: replacing it deletes its revisions, certifications and audit trail, so
 * it takes more than `force`. The count comes from the audit log, the truth (race.json may be edited or behind).
 * A race whose log is missing, unreadable or damaged cannot show it was never certified: it is refused the same
 * way, saying what would be lost (what race.json still says, and the entries still readable).
 */
async function refuseCertified(out: string): Promise<void> {
  const auditFile = path.join(out, RACE_LAYOUT.audit);
  const snapshot = await snapshotSummary(path.join(out, RACE_LAYOUT.document));
  let damage: string | null = (await exists(auditFile)) ? null : 'its audit log is missing';
  const log = damage
    ? null
    : await readAuditLog(auditFile).catch((err: unknown) => {
        damage = `its audit log cannot be read (${err instanceof Error ? err.message : String(err)})`;
        return null;
      });
  const entries = log ? checkChain(log.entries, sha256Text).valid : [];
  if (log) {
    const broken = log.badLine ? { seq: log.badLine.line, reason: `line is ${log.badLine.reason}` } : checkChain(log.entries, sha256Text).brokenAt;
    if (broken) damage = `its audit log is damaged at entry ${broken.seq} (${broken.reason})`;
    else if (snapshot && snapshot.count > entries.length) damage = `its audit log ends at entry ${entries.length} but race.json records ${snapshot.count}`;
  }
  const certifications = entries.filter((e) => e.action === 'race.certified');
  if (!damage && certifications.length === 0) return;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (!damage) {
    const revisions = entries.filter((e) => e.action === 'race.amended').length + 1;
    throw new UserError(
      `${out}: holds a certified race; replacing it would delete its ${plural(revisions, 'revision')}, ${plural(certifications.length, 'certification')} and ${entries.length} audit ${entries.length === 1 ? 'entry' : 'entries'}`,
      'CONFLICT',
      { hint: 'replace-certified-race' },
    );
  }
  const said = snapshot ? `race.json (revision ${snapshot.revision}${snapshot.certifiedBy ? `, certified by ${snapshot.certifiedBy}` : ''}, ${snapshot.count} audit entries)` : 'race.json';
  throw new UserError(
    `${out}: holds a race whose record cannot be checked: ${damage}; it may be certified, and replacing it would delete ${said}, the ${entries.length} audit ${entries.length === 1 ? 'entry' : 'entries'} still readable and its evidence`,
    'CONFLICT',
    { hint: 'replace-certified-race' },
  );
}

/** What race.json says of itself, read leniently (it may be damaged too); null where it says nothing. */
async function snapshotSummary(file: string): Promise<{ revision: number; certifiedBy: string | null; count: number } | null> {
  try {
    const doc = JSON.parse(await readFile(file, 'utf8')) as { revision?: unknown; certified?: { official?: unknown } | null; audit?: { count?: unknown } };
    return {
      revision: typeof doc.revision === 'number' ? doc.revision : 1,
      certifiedBy: typeof doc.certified?.official === 'string' ? doc.certified.official : null,
      count: typeof doc.audit?.count === 'number' ? doc.audit.count : 0,
    };
  } catch {
    return null;
  }
}

export async function makeBuildFolder(plan: OutputPlan): Promise<string> {
  const parent = path.dirname(plan.out);
  // Folders of builds that were killed (kill -9, power cut) are removed first; a build still running is left alone.
  await removeStaleBuildFolders(plan.out);
  const temp = await mkdtemp(path.join(parent, buildFolderPrefix(plan.out))).catch((err: unknown) => {
    throw systemErrorToUserError(err, parent) ?? err;
  });
  try {
    await claimBuildFolder(temp);
    // mkdtemp makes a private (0700) folder; the race folder gets the usual permissions once renamed into place.
    await chmod(temp, 0o755);
  } catch (err) {
    await rm(temp, { recursive: true, force: true });
    throw systemErrorToUserError(err, plan.out) ?? err;
  }
  return temp;
}

/** Moves the finished build into place (replacing per plan); the old race is removed only after the swap. */
export async function commitBuildFolder(temp: string, plan: OutputPlan): Promise<void> {
  await releaseBuildFolder(temp);
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
    // Put the replaced race back; if even that fails, the log says where it is parked.
    await rename(parked, plan.out).catch((restoreErr: unknown) => logUnexpected(restoreErr, 'restoring a replaced race', { parked, out: plan.out }));
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

export async function discardBuildFolder(temp: string): Promise<void> {
  // The build already failed (that error is what the user sees); a temp folder left behind is only worth a line.
  await rm(temp, { recursive: true, force: true }).catch((err: unknown) => log().warn({ err, temp }, 'could not remove a failed build folder'));
}
