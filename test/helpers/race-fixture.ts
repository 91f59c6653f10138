/**
 * A tiny but complete race folder for the adjudication and store tests, written without the build pipeline:
 * four 8×6 source frame PNGs (made with sharp), `evidence/manifest.json`, `evidence/times.json` (columns 1 ms
 * apart with a dropped-frame gap of 40 ms after column 5 by default), a 10×6 composite PNG, then race.json and
 * audit.jsonl through `initRaceFolder`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Competitor, SportName } from '../../app/domain/race/document.js';
import { RACE_LAYOUT, type EvidenceManifest } from '../../app/domain/race/evidence.js';
import { initRaceFolder } from '../../app/store/race-store.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export interface RaceFixture {
  dir: string;
  /** Where the source frames live (outside the race folder, as footage does). */
  framesDir: string;
  frameFiles: string[];
  timesNs: bigint[];
  cleanup(): Promise<void>;
}

export interface RaceFixtureOptions {
  sport?: SportName;
  competitors?: Competitor[];
  /** Column times in ns; default 10 columns from 10 s, 1 ms apart, with 40 ms between columns 5 and 6. */
  timesNs?: bigint[];
  /** The manifest's gaps; default the one interval gap after column 5 (given its own `timesNs`, their times). */
  gaps?: EvidenceManifest['gaps'];
}

export const DEFAULT_COMPETITORS: Competitor[] = [
  { id: '1', name: 'Ann Able', team: 'Club A', lane: '1' },
  { id: '2', name: 'Bea Best', team: 'Club B', lane: '2' },
  { id: '3', name: 'Cid Cole', team: 'Club C', lane: '3' },
  { id: '4', name: 'Dee Dunn', team: 'Club D', lane: '4' },
];

export function defaultTimes(): bigint[] {
  return Array.from({ length: 10 }, (_, c) => 10_000_000_000n + BigInt(c) * 1_000_000n + (c > 5 ? 39_000_000n : 0n));
}

export async function makeRaceFixture(opts: RaceFixtureOptions = {}): Promise<RaceFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-race-'));
  const dir = path.join(root, 'race');
  const framesDir = path.join(root, 'frames');
  await fs.mkdir(path.join(dir, 'evidence'), { recursive: true });
  await fs.mkdir(framesDir);
  const frameFiles: string[] = [];
  const files: EvidenceManifest['source']['files'] = [];
  for (let i = 0; i < 4; i++) {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 40 * i, g: 100, b: 200 - 40 * i } } }).png().toBuffer();
    const f = path.join(framesDir, `f${String(i).padStart(4, '0')}.png`);
    await fs.writeFile(f, png);
    frameFiles.push(f);
    files.push({ path: f, bytes: png.length, sha256: sha(png) });
  }
  const timesNs = opts.timesNs ?? defaultTimes();
  const timesJson = JSON.stringify({ timesNs: timesNs.map(String), frames: timesNs.map((_, i) => i) });
  await fs.writeFile(path.join(dir, RACE_LAYOUT.times), timesJson);
  const composite = await sharp({ create: { width: timesNs.length, height: 6, channels: 3, background: '#808080' } }).png().toBuffer();
  await fs.writeFile(path.join(dir, RACE_LAYOUT.compositePng), composite);
  const manifest: EvidenceManifest = {
    schema: 'photofinish.evidence',
    schemaVersion: 1,
    builtAt: '2026-06-01T12:00:00.000Z',
    software: { name: 'Photofinish', version: 'test' },
    source: { kind: 'frames', path: framesDir, description: 'test frames', files, frameCount: 4, width: 8, height: 6, bitDepth: 8, channels: 3 },
    line: { kind: 'column', x: 4 },
    timing: { kind: 'fps', fps: '1000', startNs: '10000000000' },
    columns: timesNs.length,
    rows: 6,
    times: { path: RACE_LAYOUT.times, sha256: sha(timesJson) },
    gaps: opts.gaps ?? [{ afterColumn: 5, fromNs: String(timesNs[5]), toNs: String(timesNs[6]), reason: 'interval' }],
    measured: { medianIntervalNs: '1000000', minIntervalNs: '1000000', maxIntervalNs: '40000000', spreadNs: '0', rate: 1000 },
    composite: { path: RACE_LAYOUT.compositePng, sha256: sha(composite), width: timesNs.length, height: 6, format: 'png' },
    tiles: { path: 'tiles', tileWidth: 256, format: 'png', levels: [{ level: 0, downsample: 1, columns: timesNs.length, rows: 6, tiles: 1 }] },
  };
  const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
  await fs.writeFile(path.join(dir, RACE_LAYOUT.manifest), manifestJson);
  await initRaceFolder(dir, {
    manifestSha256: sha(manifestJson),
    meta: { name: 'Test heat', event: '100m', venue: 'Test track' },
    sport: opts.sport ?? 'motorsport',
    competitors: opts.competitors ?? DEFAULT_COMPETITORS,
    actor: 'Test Builder',
    at: '2026-06-01T12:00:01.000Z',
  });
  return { dir, framesDir, frameFiles, timesNs, cleanup: () => fs.rm(root, { recursive: true, force: true }) };
}
