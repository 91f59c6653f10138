/**
 * Trust, as the service applies it: the installation's trusted keys and ledger; the integrity of a certified race
 * when it is opened (a race that fails shows "NOT VALID" instead of "certified" in every face); and the ledger
 * line each certification and amendment leaves behind.
 */
import path from 'node:path';
import type { RaceIntegrity, RaceView } from '../api/types.js';
import { LEDGER_FILE, TRUST_FILE, type InstallationKey } from '../security/installation-key.js';
import { loadInstallationTrust, type InstallationTrust } from '../security/trust-store.js';
import { appendLedger, readLedger, type LedgerRecord, type RaceLedgerPayload } from '../store/installation-ledger.js';
import { checkRaceIntegrity } from '../store/race-integrity.js';
import { readRaceFolder } from '../store/race-store.js';
import type { ServiceContext } from './context.js';
import { logWarning } from '../runtime/log.js';
import { systemErrorCondition } from '../domain/system-errors.js';

export async function installationTrust(ctx: Pick<ServiceContext, 'dataDir' | 'sealer'>): Promise<{ trust: InstallationTrust; ledger: LedgerRecord[] }> {
  const trust = await loadInstallationTrust(ctx.dataDir, ctx.sealer);
  return { trust, ledger: await readLedger(ctx.dataDir, trust) };
}

/** The full check of a certified race (kept by file stamps, so opening it again is fast). */
export async function raceIntegrity(ctx: Pick<ServiceContext, 'dataDir' | 'sealer'>, dir: string): Promise<RaceIntegrity> {
  const { trust, ledger } = await installationTrust(ctx);
  const cache = trust.own ? { dir: path.join(ctx.dataDir, 'integrity-cache'), key: trust.own, alsoStamp: [TRUST_FILE, LEDGER_FILE].map((f) => path.join(ctx.dataDir, f)) } : null;
  return checkRaceIntegrity(dir, { trust, ledger, cache });
}

/** A view whose record says "certified" is checked; where it fails, nothing in it says certified any more. */
export async function withIntegrity(ctx: Pick<ServiceContext, 'dataDir' | 'sealer'>, view: RaceView): Promise<RaceView> {
  if (!view.certified) return view;
  const integrity = await raceIntegrity(ctx, view.path);
  view.integrity = integrity;
  view.results = { ...view.results, integrity, ...(integrity.ok ? {} : { certified: false }) };
  if (!integrity.ok) view.certified = null;
  return view;
}

/** One ledger line for a certification or an amendment; a failure to write it is logged, never undoes the change. */
export async function recordInLedger(ctx: Pick<ServiceContext, 'dataDir'>, key: InstallationKey, dir: string, action: 'race.certified' | 'race.amended', actor: string): Promise<void> {
  try {
    // The log is the truth (the snapshot may not have been written): the entry just appended is its head.
    const { doc } = (await readRaceFolder(dir)).state;
    const payload: RaceLedgerPayload = { raceId: doc.id, revision: doc.revision, auditSeq: doc.audit.count, auditHead: doc.audit.head, folder: dir };
    await appendLedger(ctx.dataDir, key, { actor, action, payload: { ...payload } });
  } catch (err) {
    logWarning(`the installation's ledger could not record ${action} of ${dir} (${err instanceof Error ? err.message : systemErrorCondition(err)})`, 'ledger');
  }
}
