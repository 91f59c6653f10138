/**
 * The evidence a race's results are computed from (manifest and time map), read once per race folder and kept
 * while the files stay the same (evidence is immutable; a changed file is re-read, and `verify` reports it).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { loadManifest, readTimes } from './evidence-reader.js';
import type { Ticks } from '../domain/time/ticks.js';
import { sha256File } from './sha256.js';

export interface RaceEvidence {
  manifest: EvidenceManifest;
  /** SHA-256 of `evidence/manifest.json` as it is on disk now. */
  manifestSha256: string;
  timesNs: string[];
  frames: number[];
  times: Ticks[];
}

const cache = new Map<string, { stamp: string; evidence: RaceEvidence }>();

async function stampOf(dir: string): Promise<string> {
  const parts = await Promise.all(
    [RACE_LAYOUT.manifest, RACE_LAYOUT.times].map(async (rel) => {
      const s = await stat(path.join(dir, rel)).catch(() => null);
      return s ? `${s.size}:${s.mtimeMs}:${s.ino}` : 'missing';
    }),
  );
  return parts.join('|');
}

export async function loadRaceEvidence(dir: string): Promise<RaceEvidence> {
  const key = path.resolve(dir);
  const stamp = await stampOf(key);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.evidence;
  const manifest = await loadManifest(key);
  const times = await readTimes(key);
  const { sha256 } = await sha256File(path.join(key, RACE_LAYOUT.manifest));
  const evidence: RaceEvidence = { manifest, manifestSha256: sha256, timesNs: times.timesNs, frames: times.frames, times: times.timesNs.map((t) => BigInt(t)) };
  cache.set(key, { stamp, evidence });
  return evidence;
}
