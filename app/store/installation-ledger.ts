/**
 * The installation's own ledger (`installation-ledger.jsonl` in the data folder): one signed line per
 * certification and amendment it made (race id, revision, audit entry and its hash) and per key command. Append-only
 * and fsynced; each line is signed by the own key of the moment, so a line counts only where that key is trusted
 * here as this installation's (own or retired). A race folder can be rolled back by someone with write access to
 * it; the ledger, outside it, still knows the later revision, and `verify` compares the two.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../domain/audit/canonical.js';
import type { AuditEntry } from '../domain/audit/chain.js';
import { LEDGER_FILE, verifyEd25519, type InstallationKey } from '../security/installation-key.js';
import type { InstallationTrust } from '../security/trust-store.js';
import { appendDurable } from './atomic-write.js';

export interface LedgerRecord {
  at: string;
  actor: string;
  action: 'race.certified' | 'race.amended' | 'keys.trusted' | 'keys.new';
  payload: Record<string, unknown>;
  keyId: string;
  publicKey: string;
}

/** What the ledger remembers of a race change: the entry that recorded it, by sequence number and hash. */
export interface RaceLedgerPayload {
  raceId: string;
  revision: number;
  auditSeq: number;
  auditHead: string;
  folder: string;
}

export const ledgerFile = (dataDir: string) => path.join(dataDir, LEDGER_FILE);

/** Appends one signed line. */
export async function appendLedger(dataDir: string, key: InstallationKey, body: Pick<LedgerRecord, 'actor' | 'action' | 'payload'>): Promise<void> {
  const record: LedgerRecord = { at: new Date().toISOString(), ...body, keyId: key.keyId, publicKey: key.publicKey };
  await appendDurable(ledgerFile(dataDir), `${canonicalJson({ ...record, signature: key.sign(canonicalJson(record)) })}\n`);
}

/** The lines signed by a key this installation holds as its own (now or retired); others count for nothing. */
export async function readLedger(dataDir: string, trust: Pick<InstallationTrust, 'keys'>): Promise<LedgerRecord[]> {
  const text = await readFile(ledgerFile(dataDir), 'utf8').catch(() => '');
  const own = new Set(trust.keys.filter((k) => k.role !== 'trusted').map((k) => k.publicKey));
  const records: LedgerRecord[] = [];
  for (const line of text.split('\n')) {
    let parsed: LedgerRecord & { signature?: unknown };
    try {
      parsed = JSON.parse(line) as LedgerRecord & { signature?: unknown };
    } catch {
      continue; // an empty line, or the torn end of an interrupted append: never a record
    }
    const { signature, ...record } = parsed;
    if (typeof signature !== 'string' || !own.has(record.publicKey) || !verifyEd25519(record.publicKey, canonicalJson(record), signature)) continue;
    records.push(record);
  }
  return records;
}

/**
 * Where a race's audit log no longer holds the latest change the ledger recorded for it: rolled back (entries
 * dropped) or rewritten. Null when it holds (or the ledger knows nothing of the race).
 */
export function ledgerProblem(records: readonly LedgerRecord[], raceId: string, entries: readonly AuditEntry[]): string | null {
  const mine = records.filter((r) => (r.action === 'race.certified' || r.action === 'race.amended') && (r.payload as Partial<RaceLedgerPayload>).raceId === raceId);
  const last = mine.map((r) => ({ r, p: r.payload as unknown as RaceLedgerPayload })).sort((a, b) => a.p.auditSeq - b.p.auditSeq).at(-1);
  if (!last) return null;
  const what = `revision ${last.p.revision} ${last.r.action === 'race.certified' ? 'certified' : 'amended'} by ${last.r.actor} at ${last.r.at}`;
  const entry = entries[last.p.auditSeq - 1];
  if (!entry) {
    return `rolled back: this installation's ledger records ${what} as audit entry ${last.p.auditSeq} (head ${last.p.auditHead.slice(0, 16)}), but the audit log ends at entry ${entries.length}`;
  }
  if (entry.hash !== last.p.auditHead) {
    return `audit entry ${last.p.auditSeq} differs from the one this installation's ledger records for ${what} (head ${last.p.auditHead.slice(0, 16)}, now ${entry.hash.slice(0, 16)})`;
  }
  return null;
}
