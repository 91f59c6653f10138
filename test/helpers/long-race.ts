/**
 * A long synthetic race folder written directly (manifest, times, race.json through the store), not built from
 * footage: for what grows with the footage's length (the view a change returns, the viewer's tiles). 1000 columns per
 * second from 10 s, a dropped frame every 9,973 columns. With `sourceFrames` the manifest lists one source file per
 * column with its size and hash, as a build from a frames folder does (the files themselves are not written); with
 * `tile` every tile is drawn and written (hashed in the manifest as the build hashes them), else only hashed names.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RACE_LAYOUT, tilePath, type EvidenceManifest } from '../../app/domain/race/evidence.js';
import { initRaceFolder } from '../../app/store/race-store.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export interface LongRaceOptions {
  columns: number;
  rows?: number;
  tileWidth?: number;
  /** List a frames folder of `columns` files (about 285 KB each, as 720p JPEGs are) in the manifest. */
  sourceFrames?: boolean;
  /** Draws one tile (PNG) of a level; absent: no tile files (tests that never show the picture). */
  tile?: (level: EvidenceManifest['tiles']['levels'][number], index: number, width: number) => Promise<Buffer>;
  competitors?: number;
}

export async function writeLongRace(dir: string, opts: LongRaceOptions): Promise<void> {
  const { columns, rows = 240, tileWidth = 512, competitors = 8 } = opts;
  await fs.mkdir(path.join(dir, 'evidence'), { recursive: true });
  // Levels as the engine writes them: halve both axes until one tile holds the level.
  const levels: EvidenceManifest['tiles']['levels'] = [];
  for (let l = 0, ds = 1, c = columns, r = rows; ; l++, ds *= 2, c = Math.ceil(c / 2), r = Math.ceil(r / 2)) {
    levels.push({ level: l, downsample: ds, columns: c, rows: r, tiles: Math.ceil(c / tileWidth) });
    if (!(c > tileWidth || r > tileWidth) || c <= 1) break;
  }
  for (const lv of levels) {
    const hashes: string[] = [];
    if (opts.tile) await fs.mkdir(path.join(dir, 'tiles', String(lv.level)), { recursive: true });
    for (let t = 0; t < lv.tiles; t += 8) {
      const batch = Array.from({ length: Math.min(8, lv.tiles - t) }, (_, k) => t + k);
      hashes.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            if (!opts.tile) return sha(`tile ${lv.level}/${i}`);
            const png = await opts.tile!(lv, i, Math.min(tileWidth, lv.columns - i * tileWidth));
            await fs.writeFile(path.join(dir, tilePath(lv.level, i)), png);
            return sha(png);
          }),
        )),
      );
    }
    lv.sha256 = hashes;
  }
  const timesNs: string[] = [];
  let t = 10_000_000_000n;
  const gaps: EvidenceManifest['gaps'] = [];
  for (let c = 0; c < columns; c++) {
    if (c > 0 && c % 9973 === 0) {
      gaps.push({ afterColumn: c - 1, fromNs: (t - 1_000_000n).toString(), toNs: (t + 1_000_000n).toString(), reason: 'interval' });
      t += 1_000_000n;
    }
    timesNs.push(t.toString());
    t += 1_000_000n;
  }
  const timesJson = JSON.stringify({ timesNs, frames: timesNs.map((_, i) => i) });
  await fs.writeFile(path.join(dir, RACE_LAYOUT.times), timesJson);
  // The full composite is never drawn by the viewer; a small stand-in keeps the manifest complete.
  const composite = await sharp({ create: { width: 64, height: rows, channels: 3, background: '#404040' } }).png().toBuffer();
  await fs.writeFile(path.join(dir, RACE_LAYOUT.compositePng), composite);
  const framesDir = path.join(path.dirname(dir), `${path.basename(dir)}-frames`);
  const files = opts.sourceFrames
    ? Array.from({ length: columns }, (_, i) => ({ path: path.join(framesDir, `frame_${String(i).padStart(6, '0')}.jpg`), bytes: 285_000 + (i % 997), sha256: sha(`frame ${i}`) }))
    : [];
  const manifest: EvidenceManifest = {
    schema: 'photofinish.evidence',
    schemaVersion: 1,
    builtAt: new Date().toISOString(),
    software: { name: 'Photofinish', version: 'synthetic' },
    source: opts.sourceFrames
      ? { kind: 'frames', path: framesDir, description: `${columns} synthetic frames`, files, frameCount: columns, width: 1280, height: rows, bitDepth: 8, channels: 3 }
      : { kind: 'linescan', path: dir, description: `synthetic ${columns}-column race`, files, frameCount: columns, width: columns, height: rows, bitDepth: 8, channels: 3 },
    line: { kind: 'column', x: 0 },
    timing: opts.sourceFrames ? { kind: 'fps', fps: '1000', startNs: '10000000000' } : { kind: 'line-rate', rate: '1000', startNs: '10000000000' },
    columns,
    rows,
    times: { path: RACE_LAYOUT.times, sha256: sha(timesJson) },
    gaps,
    measured: { medianIntervalNs: '1000000', minIntervalNs: '1000000', maxIntervalNs: '2000000', spreadNs: '0', rate: 1000 },
    composite: { path: RACE_LAYOUT.compositePng, sha256: sha(composite), width: 64, height: rows, format: 'png' },
    tiles: { path: 'tiles', tileWidth, format: 'png', levels },
  };
  const manifestJson = `${JSON.stringify(manifest, null, 2)}\n`;
  await fs.writeFile(path.join(dir, RACE_LAYOUT.manifest), manifestJson);
  await initRaceFolder(dir, {
    manifestSha256: sha(manifestJson),
    meta: { name: `Synthetic ${columns.toLocaleString('en')}-column race` },
    sport: 'motorsport',
    competitors: Array.from({ length: competitors }, (_, i) => ({ id: String(i + 1), name: `Competitor ${i + 1}` })),
    actor: 'Synthetic',
    at: new Date().toISOString(),
  });
}
