/**
 * Is a certified race what it claims? The full `verify` (chain, evidence, signatures by a trusted key, ledger), run
 * when a certified race is opened, so that "certified" is shown only where it holds. Hashing every frame and tile
 * costs time, so the outcome is kept in the data folder by the size, modification and change times and inode of
 * every file verify reads (a change time cannot be set back by hand, so a file rewritten and re-dated is still
 * seen), and of the trust list and the ledger. Each kept outcome carries an HMAC keyed by the installation's own
 * key: a cache file written by anyone else counts for nothing.
 */
import { createHmac } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RaceIntegrity } from '../api/types.js';
import { RACE_LAYOUT, tilePath } from '../domain/race/evidence.js';
import type { InstallationKey } from '../security/installation-key.js';
import type { InstallationTrust } from '../security/trust-store.js';
import { loadManifest } from './evidence-reader.js';
import type { LedgerRecord } from './installation-ledger.js';
import { sha256Text } from './sha256.js';
import { verifyRaceFolder } from './verify-race.js';

export interface IntegrityOptions {
  trust: Pick<InstallationTrust, 'keys' | 'problems'>;
  ledger: readonly LedgerRecord[];
  /** Where outcomes are kept, and the own key that vouches for them; null: always check in full. */
  cache: { dir: string; key: InstallationKey; alsoStamp: string[] } | null;
}

export async function checkRaceIntegrity(dir: string, options: IntegrityOptions): Promise<RaceIntegrity> {
  const stamp = options.cache ? await integrityStamp(dir, options) : null;
  const cached = options.cache && stamp ? await readCached(options.cache, dir, stamp) : null;
  if (cached) return cached;
  const report = await verifyRaceFolder(dir, { trust: options.trust, ledger: options.ledger });
  const outcome: RaceIntegrity = { ok: report.intact, problems: report.findings };
  if (options.cache && stamp) await writeCached(options.cache, dir, stamp, outcome);
  return outcome;
}

/** One line per file verify reads, plus the trust it was judged by; null where the manifest cannot be read. */
async function integrityStamp(dir: string, options: IntegrityOptions): Promise<string | null> {
  const manifest = await loadManifest(dir).catch(() => null);
  if (!manifest) return null;
  const files = [RACE_LAYOUT.document, RACE_LAYOUT.audit, RACE_LAYOUT.manifest, manifest.times.path, manifest.composite.path].map((f) => (path.isAbsolute(f) ? f : path.join(dir, f)));
  files.push(...manifest.source.files.map((f) => f.path));
  if (manifest.timing.kind === 'timestamps') files.push(manifest.timing.file.path);
  if (manifest.capture) files.push(manifest.capture.record.path);
  for (const level of manifest.tiles.levels) for (let i = 0; i < level.tiles; i++) files.push(path.join(dir, ...tilePath(level.level, i).split('/')));
  files.push(...(options.cache?.alsoStamp ?? []));
  const lines = await Promise.all(
    files.map(async (f) => {
      const s = await stat(f, { bigint: true }).catch(() => null);
      return s ? `${f} ${s.size} ${s.mtimeNs} ${s.ctimeNs} ${s.ino}` : `${f} missing`;
    }),
  );
  lines.push(JSON.stringify(options.trust.keys.map((k) => [k.publicKey, k.role])));
  return sha256Text(lines.join('\n'));
}

const cacheFile = (cache: NonNullable<IntegrityOptions['cache']>, dir: string) => path.join(cache.dir, `${sha256Text(path.resolve(dir)).slice(0, 24)}.json`);
const macOf = (key: InstallationKey, text: string) => createHmac('sha256', Buffer.from(key.sign('photofinish integrity cache v1'), 'base64')).update(text).digest('hex');

async function readCached(cache: NonNullable<IntegrityOptions['cache']>, dir: string, stamp: string): Promise<RaceIntegrity | null> {
  try {
    const kept = JSON.parse(await readFile(cacheFile(cache, dir), 'utf8')) as { body: string; mac: string };
    if (kept.mac !== macOf(cache.key, kept.body)) return null;
    const body = JSON.parse(kept.body) as { dir: string; stamp: string; outcome: RaceIntegrity };
    return body.stamp === stamp && body.dir === path.resolve(dir) ? body.outcome : null;
  } catch {
    return null; // none kept yet, or unreadable: check in full
  }
}

async function writeCached(cache: NonNullable<IntegrityOptions['cache']>, dir: string, stamp: string, outcome: RaceIntegrity): Promise<void> {
  const file = cacheFile(cache, dir);
  const body = JSON.stringify({ dir: path.resolve(dir), stamp, outcome });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(cache.dir, { recursive: true });
    await writeFile(temp, JSON.stringify({ body, mac: macOf(cache.key, body) }));
    await rename(temp, file);
  } catch {
    // Only a cache: the next open checks in full again.
    await rm(temp, { force: true }).catch(() => undefined);
  }
}
