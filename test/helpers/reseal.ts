/**
 * What a forger with write access to a race folder can do without the installation's private key: change an
 * audit entry, then recompute every later entry's hash (and the certification's audit head and results hash) so
 * the chain and race.json agree again. Optionally re-signs the certifications with a key of the forger's own.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../../app/domain/audit/canonical.js';
import { sealEntry, serialiseEntry, type AuditEntry } from '../../app/domain/audit/chain.js';
import type { Certification } from '../../app/domain/race/document.js';
import { replayLog } from '../../app/domain/race/replay.js';
import { computeResults, resultsForHash } from '../../app/domain/results/compute-results.js';
import { certifiedRules } from '../../app/domain/results/results-rules.js';
import { signCertification } from '../../app/security/certification-signature.js';
import { keyIdOf, rawPublicKey } from '../../app/security/installation-key.js';
import { serialiseRaceDocument } from '../../app/store/race-document-file.js';
import { sha256Text } from '../../app/store/sha256.js';

/** Returns the forger's public key (in the `.pub` twin's shape) where one re-signed the certifications. */
export async function resealWith(dir: string, edit: (entry: AuditEntry) => AuditEntry, options: { forgerKey?: boolean } = {}): Promise<{ keyId: string; publicKey: string } | null> {
  const log = path.join(dir, 'audit.jsonl');
  const entries = (await fs.readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
  const timesNs = (JSON.parse(await fs.readFile(path.join(dir, 'evidence/times.json'), 'utf8')) as { timesNs: string[] }).timesNs.map(BigInt);
  const gaps = (JSON.parse(await fs.readFile(path.join(dir, 'evidence/manifest.json'), 'utf8')) as { gaps: [] }).gaps;
  const forger = options.forgerKey ? generateKeyPairSync('ed25519').privateKey : null;
  const out: AuditEntry[] = [];
  for (const original of entries) {
    const e = edit(original);
    let payload = e.payload;
    if (e.action === 'race.certified') {
      const before = replayLog(out).doc;
      const c = { ...(payload as { certification: Certification }).certification };
      c.auditHead = out[out.length - 1]?.hash ?? c.auditHead;
      c.resultsSha256 = sha256Text(canonicalJson(resultsForHash(computeResults({ doc: before, times: timesNs, gaps, rules: certifiedRules(c) }))));
      if (forger) {
        const raw = rawPublicKey(forger);
        const { sign } = await import('node:crypto');
        c.signature = signCertification(c, { keyId: keyIdOf(raw), publicKey: raw.toString('base64'), protection: 'forger', sign: (t) => sign(null, Buffer.from(t), forger).toString('base64') });
      }
      payload = { certification: c };
    }
    out.push(sealEntry(out[out.length - 1] ?? null, { at: e.at, actor: e.actor, action: e.action, payload }, sha256Text));
  }
  await fs.writeFile(log, out.map(serialiseEntry).join(''));
  await fs.writeFile(path.join(dir, 'race.json'), serialiseRaceDocument(replayLog(out).doc));
  if (!forger) return null;
  const raw = rawPublicKey(forger);
  return { keyId: keyIdOf(raw), publicKey: raw.toString('base64') };
}

async function readEntries(dir: string): Promise<AuditEntry[]> {
  return (await fs.readFile(path.join(dir, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as AuditEntry);
}

/** Writes a log and the race.json its replay gives, so the folder agrees with itself (no key involved). */
async function writeConsistent(dir: string, entries: AuditEntry[]): Promise<void> {
  await fs.writeFile(path.join(dir, 'audit.jsonl'), entries.map(serialiseEntry).join(''));
  await fs.writeFile(path.join(dir, 'race.json'), serialiseRaceDocument(replayLog(entries).doc));
}

/**
 * A forger with a copy of another race certified by this installation: its (genuinely signed) certification entry
 * is appended to this race's log, chained onto its head; the log and race.json then agree with each other.
 */
export async function copyCertification(from: string, to: string): Promise<void> {
  const cert = (await readEntries(from)).find((e) => e.action === 'race.certified');
  if (!cert) throw new Error(`${from}: no certification to copy`);
  const entries = await readEntries(to);
  entries.push(sealEntry(entries[entries.length - 1] ?? null, { at: cert.at, actor: cert.actor, action: cert.action, payload: cert.payload }, sha256Text));
  await writeConsistent(to, entries);
}

/** Rolls a race back: drops the last `n` entries of its log and writes the matching race.json. */
export async function dropLastEntries(dir: string, n: number): Promise<void> {
  const entries = await readEntries(dir);
  await writeConsistent(dir, entries.slice(0, entries.length - n));
}
