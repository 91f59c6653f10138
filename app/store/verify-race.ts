/**
 * `verify`: proves a race folder is what the app recorded. Re-hashes every source file the manifest lists, the
 * manifest itself, the time map and the composite; checks the audit chain link by link; replays it and compares
 * the result with `race.json`; recomputes every certified result from the log and the evidence; checks that each
 * certification is signed by a key this installation trusts, and that the race still holds the latest change this
 * installation's ledger recorded for it (no rollback). Read-only:
 * it reports, it never repairs. Every finding is one line.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../domain/audit/canonical.js';
import { UserError } from '../domain/errors.js';
import { computeResults, resultsForHash } from '../domain/results/compute-results.js';
import { certifiedRules } from '../domain/results/results-rules.js';
import { changePayloads } from '../domain/race/changes.js';
import { RACE_LAYOUT, tilePath, type EvidenceManifest, type EvidenceFile } from '../domain/race/evidence.js';
import { applyEntryInPlace, type RaceState } from '../domain/race/replay.js';
import type { RaceDocument } from '../domain/race/document.js';
import type { AuditEntry } from '../domain/audit/chain.js';
import type { VerifyReport } from '../api/types.js';
import { checkCertificationSignature } from '../security/certification-signature.js';
import { loadManifest, readTimes } from './evidence-reader.js';
import { fingerprintOf } from '../security/installation-key.js';
import { trustedKeyOf, type InstallationTrust } from '../security/trust-store.js';
import { ledgerProblem, type LedgerRecord } from './installation-ledger.js';
import { loadRace, type LoadedRace } from './race-store.js';
import { sha256File, sha256Text } from './sha256.js';

const HASH_CONCURRENCY = 4;
const certificationPayload = changePayloads['race.certified'];

export interface VerifyOptions {
  /**
   * The keys this installation trusts: a certification counts only when signed by one of them. Every face passes
   * it; without it (a tool with no installation) only whether each signature holds is checked, not whose key it is.
   */
  trust?: Pick<InstallationTrust, 'keys' | 'problems'>;
  /** This installation's ledger: the race must still hold the latest change it recorded (no rollback). */
  ledger?: readonly LedgerRecord[];
  /** An audit head printed on an earlier sheet: the chain must still hold an entry with this hash. */
  head?: string;
}

export async function verifyRaceFolder(dir: string, options: VerifyOptions = {}): Promise<VerifyReport> {
  const findings: string[] = [];
  let loaded: LoadedRace | null = null;
  try {
    loaded = await loadRace(dir, { repair: false });
    findings.push(...loaded.problems.map((p) => p.message));
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    findings.push(err.message);
  }

  const manifestFile = path.join(dir, RACE_LAYOUT.manifest);
  const manifestHash = await hashOrNull(manifestFile);
  let manifest: EvidenceManifest | null = null;
  if (manifestHash === null) findings.push(`file missing: ${manifestFile}`);
  else {
    if (loaded && manifestHash !== loaded.state.doc.evidence.manifestSha256) findings.push(`evidence manifest changed since the race was built: ${manifestFile}`);
    try {
      manifest = await loadManifest(dir);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      findings.push(err.message);
    }
  }

  if (manifest) {
    const label = manifest.source.kind === 'frames' ? 'frame' : 'source file';
    const checks: { file: EvidenceFile; label: string }[] = manifest.source.files.map((file) => ({ file, label }));
    if (manifest.timing.kind === 'timestamps') checks.push({ file: manifest.timing.file, label: 'timestamps file' });
    if (manifest.capture) checks.push({ file: manifest.capture.record, label: 'capture record' });
    // The tiles are what the judge looks at: each one's hash is in the manifest (races built before this were not).
    for (const level of manifest.tiles.levels) {
      level.sha256?.forEach((sha256, index) => checks.push({ file: { path: path.join(dir, ...tilePath(level.level, index).split('/')), bytes: 0, sha256 }, label: 'tile' }));
    }
    findings.push(...(await checkFiles(checks)));
    for (const [what, rel, expected] of [
      ['time map', manifest.times.path, manifest.times.sha256],
      ['composite', manifest.composite.path, manifest.composite.sha256],
      ...(manifest.suggestions ? [['stored suggestions', manifest.suggestions.path, manifest.suggestions.sha256] as const] : []),
    ] as const) {
      const file = path.isAbsolute(rel) ? rel : path.join(dir, rel);
      const h = await hashOrNull(file);
      if (h === null) findings.push(`file missing: ${file}`);
      else if (h === NOT_REGULAR) findings.push(`not a regular file (a device, a FIFO or a socket): ${file}`);
      else if (h !== expected) findings.push(`${what} changed: ${file}`);
    }
  }

  if (loaded && manifest) findings.push(...(await checkCertifications(dir, loaded, manifest, manifestHash)));
  const report: VerifyReport = { intact: false, findings };
  if (loaded) {
    const signed = checkSignatures(loaded, options.trust ?? null);
    findings.push(...signed.findings);
    if (signed.signatures.length) report.signatures = signed.signatures;
    // Against a broken chain the ledger would only repeat the break, from further away.
    const rolledBack = options.ledger && loaded.problems.length === 0 ? ledgerProblem(options.ledger, loaded.state.doc.id, loaded.entries) : null;
    if (rolledBack) findings.push(rolledBack);
  }
  if (options.head !== undefined) {
    const given = options.head.toLowerCase();
    const entry = loaded?.entries.find((e) => e.hash.startsWith(given));
    report.head = { given, seq: entry?.seq ?? null };
    if (!entry) findings.push(`audit head ${given} (from an earlier sheet) is not in this race's audit chain: entries up to it were changed or removed`);
  }
  report.intact = findings.length === 0;
  return report;
}

/** Every certification must carry a valid signature by a key this installation trusts; says which key signed each. */
function checkSignatures(loaded: LoadedRace, trust: Pick<InstallationTrust, 'keys' | 'problems'> | null): { findings: string[]; signatures: NonNullable<VerifyReport['signatures']> } {
  const findings: string[] = [];
  const signatures: NonNullable<VerifyReport['signatures']> = [];
  let untrusted = false;
  for (const entry of loaded.entries) {
    if (entry.action !== 'race.certified') continue;
    const cert = certificationPayload.safeParse(entry.payload);
    if (!cert.success) continue;
    const c = cert.data.certification;
    const problem = checkCertificationSignature(c);
    if (problem || !c.signature) {
      findings.push(`revision ${c.revision}: ${problem ?? 'the certification is not signed'}`);
      continue;
    }
    const fingerprint = fingerprintOf(c.signature.publicKey);
    const known = trust ? trustedKeyOf(trust, c.signature.publicKey) : undefined;
    signatures.push({ revision: c.revision, official: c.official, keyId: c.signature.keyId, fingerprint, thisInstallation: known !== undefined && known.role !== 'trusted', trusted: known !== undefined, ...(known ? { trustedAs: known.role, trustedBy: known.by } : {}) });
    if (!known && trust) {
      untrusted = true;
      findings.push(`revision ${c.revision}: signed by key ${c.signature.keyId} (fingerprint SHA256 ${fingerprint}), which this installation does not trust`);
    }
  }
  // Why a key may be missing from the trust: say it once, beside the signature it concerns.
  if (untrusted && trust) findings.push(...trust.problems);
  return { findings, signatures };
}

async function checkFiles(checks: { file: EvidenceFile; label: string }[]): Promise<string[]> {
  const results: (string | null)[] = new Array(checks.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      const check = checks[i];
      if (!check) return;
      const h = await hashOrNull(check.file.path);
      if (h === null) results[i] = `file missing: ${check.file.path}`;
      else if (h === NOT_REGULAR) results[i] = `not a regular file (a device, a FIFO or a socket): ${check.file.path}`;
      else if (h !== check.file.sha256) results[i] = `${check.label} changed: ${check.file.path}`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, checks.length) }, worker));
  return results.filter((r): r is string => r !== null);
}

/**
 * Every certification must still reproduce: same manifest, its audit head in the log, the same results. One replay
 * of the log serves them all (the document just before each certification is where the replay stands when it
 * reaches it) and the time map is read once: a long log with many amendments verifies in linear time.
 */
async function checkCertifications(dir: string, loaded: LoadedRace, manifest: EvidenceManifest, manifestHash: string | null): Promise<string[]> {
  const findings: string[] = [];
  // Read at the first certification and kept, its failure too: each certification then names the same reason.
  let times: Promise<bigint[]> | undefined;
  for (const { entry, doc: before } of documentsBeforeCertifications(loaded.entries)) {
    const cert = (entry.payload as { certification: { revision: number; manifestSha256: string; resultsSha256: string; resultsRules?: number; auditHead: string } }).certification;
    if (manifestHash !== null && cert.manifestSha256 !== manifestHash) findings.push(`revision ${cert.revision} was certified with a different evidence manifest`);
    if (entry.prev !== cert.auditHead) findings.push(`revision ${cert.revision}: certified audit head does not match entry ${entry.seq - 1}`);
    try {
      times ??= readTimes(dir).then((t) => t.timesNs.map((ns) => BigInt(ns)));
      // By the result rules the certification recorded, so races certified before a rules change still verify.
      const report = computeResults({ doc: before, times: await times, gaps: manifest.gaps, rules: certifiedRules(cert) });
      if (sha256Text(canonicalJson(resultsForHash(report))) !== cert.resultsSha256) {
        findings.push(`revision ${cert.revision}: the certified results no longer follow from the audit log and the evidence`);
      }
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      findings.push(`revision ${cert.revision}: results cannot be recomputed (${err.message})`);
    }
  }
  return findings;
}

/**
 * Each certification entry with the race document as it stood just before it, from one replay of the (already
 * replayed, so consistent) log. The document is the replay's own and changes once the next entry is asked for:
 * read it before going on.
 */
function* documentsBeforeCertifications(entries: readonly AuditEntry[]): Generator<{ entry: AuditEntry; doc: RaceDocument }> {
  let state: RaceState | null = null;
  for (const entry of entries) {
    if (entry.action === 'race.certified' && state) yield { entry, doc: state.doc };
    state = applyEntryInPlace(state, entry);
  }
}

/** Stands for a hash where the file is a device, a FIFO or a socket: hashing one would never end. */
const NOT_REGULAR = 'not a regular file';

async function hashOrNull(file: string): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return NOT_REGULAR;
    return (await sha256File(file)).sha256;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
}
