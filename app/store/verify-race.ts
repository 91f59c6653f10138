/**
 * `verify`: proves a race folder is what the app recorded. Re-hashes every source file the manifest lists, the
 * manifest itself, the time map and the composite; checks the audit chain link by link; replays it and compares
 * the result with `race.json`; and recomputes every certified result from the log and the evidence. Read-only:
 * it reports, it never repairs. Every finding is one line.
 */
import path from 'node:path';
import { canonicalJson } from '../domain/audit/canonical.js';
import { UserError } from '../domain/errors.js';
import { computeResults, resultsForHash } from '../domain/results/compute-results.js';
import { certifiedRules } from '../domain/results/results-rules.js';
import { changePayloads } from '../domain/race/changes.js';
import { RACE_LAYOUT, tilePath, type EvidenceManifest, type EvidenceFile } from '../domain/race/evidence.js';
import { replayLog } from '../domain/race/replay.js';
import type { VerifyReport } from '../api/types.js';
import { checkCertificationSignature } from '../security/certification-signature.js';
import { loadManifest, readTimes } from './evidence-reader.js';
import type { PublicKeyInfo } from '../security/installation-key.js';
import { loadRace, type LoadedRace } from './race-store.js';
import { sha256File, sha256Text } from './sha256.js';

const HASH_CONCURRENCY = 4;
const certificationPayload = changePayloads['race.certified'];

export interface VerifyOptions {
  /** This installation's public keys: a signature by one of them is reported as this installation's. */
  knownKeys?: readonly PublicKeyInfo[];
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
      else if (h !== expected) findings.push(`${what} changed: ${file}`);
    }
  }

  if (loaded && manifest) findings.push(...(await checkCertifications(dir, loaded, manifestHash)));
  const report: VerifyReport = { intact: false, findings };
  if (loaded) {
    const signed = checkSignatures(loaded, options.knownKeys ?? []);
    findings.push(...signed.findings);
    if (signed.signatures.length) report.signatures = signed.signatures;
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

/** Every certification must carry a valid signature; says which key signed each. */
function checkSignatures(loaded: LoadedRace, knownKeys: readonly PublicKeyInfo[]): { findings: string[]; signatures: NonNullable<VerifyReport['signatures']> } {
  const findings: string[] = [];
  const signatures: NonNullable<VerifyReport['signatures']> = [];
  for (const entry of loaded.entries) {
    if (entry.action !== 'race.certified') continue;
    const cert = certificationPayload.safeParse(entry.payload);
    if (!cert.success) continue;
    const c = cert.data.certification;
    const problem = checkCertificationSignature(c);
    if (problem || !c.signature) findings.push(`revision ${c.revision}: ${problem ?? 'the certification is not signed'}`);
    else signatures.push({ revision: c.revision, official: c.official, keyId: c.signature.keyId, thisInstallation: knownKeys.some((k) => k.publicKey === c.signature?.publicKey) });
  }
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
      else if (h !== check.file.sha256) results[i] = `${check.label} changed: ${check.file.path}`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, checks.length) }, worker));
  return results.filter((r): r is string => r !== null);
}

/** Every certification must still reproduce: same manifest, its audit head in the log, the same results. */
async function checkCertifications(dir: string, loaded: LoadedRace, manifestHash: string | null): Promise<string[]> {
  const findings: string[] = [];
  const entries = loaded.entries;
  let times: bigint[] | null = null;
  for (const [i, entry] of entries.entries()) {
    if (entry.action !== 'race.certified') continue;
    const cert = (entry.payload as { certification: { revision: number; manifestSha256: string; resultsSha256: string; resultsRules?: number; auditHead: string } }).certification;
    if (manifestHash !== null && cert.manifestSha256 !== manifestHash) findings.push(`revision ${cert.revision} was certified with a different evidence manifest`);
    if (entry.prev !== cert.auditHead) findings.push(`revision ${cert.revision}: certified audit head does not match entry ${entry.seq - 1}`);
    try {
      times ??= (await readTimes(dir)).timesNs.map((t) => BigInt(t));
      const manifest = await loadManifest(dir);
      const before = replayLog(entries.slice(0, i)).doc;
      // By the result rules the certification recorded, so races certified before a rules change still verify.
      const report = computeResults({ doc: before, times, gaps: manifest.gaps, rules: certifiedRules(cert) });
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

async function hashOrNull(file: string): Promise<string | null> {
  try {
    return (await sha256File(file)).sha256;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
}
