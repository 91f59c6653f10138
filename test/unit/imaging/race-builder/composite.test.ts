/**
 * The composite is the evidence officials sign: every column must be exactly the finish-line pixels of its frame.
 * Checked against the pixel function the frames were generated from and against ffmpeg's own decode and crop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { loadManifest, readTimes } from '../../../../app/store/evidence-reader.js';
import { RACE_LAYOUT } from '../../../../app/domain/race/evidence.js';
import { pattern8, writeFrames, type PixelFn } from '../../../fixtures/synthetic-frames.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-composite-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function compositeSamples(race: string, depth: 8 | 16 = 8) {
  const m = await loadManifest(race);
  const file = path.join(race, m.composite.path);
  const img = sharp(file);
  const meta = await img.metadata();
  const space = meta.channels === 1 ? (depth === 16 ? 'grey16' : 'b-w') : depth === 16 ? 'rgb16' : 'srgb';
  const { data, info } = await img.toColourspace(space).raw(depth === 16 ? { depth: 'ushort' } : {}).toBuffer({ resolveWithObject: true });
  const samples = depth === 16 ? new Uint16Array(data.buffer, data.byteOffset, data.length / 2) : new Uint8Array(data);
  return { samples, width: info.width, height: info.height, channels: info.channels, meta };
}

const build = (source: string, out: string, extra: Record<string, unknown> = {}) =>
  buildRace(buildRequest.parse({ source, out, timing: { kind: 'fps', fps: '100' }, ...extra }), { actor: 'test' });

describe('vertical line: exact copy', () => {
  const W = 24;
  const H = 16;
  const N = 600; // more than one 512-column tile, so strips and tiles are stitched
  let frames: string;
  let race: string;
  beforeAll(async () => {
    frames = path.join(tmp, 'rgb');
    await writeFrames(frames, { width: W, height: H, frames: N });
    race = path.join(tmp, 'rgb-race');
    await build(frames, race, { line: { kind: 'column', x: 9 } });
  });

  it('every composite pixel equals the frame pixel at x = 9 (against the generating function)', async () => {
    const c = await compositeSamples(race);
    expect([c.width, c.height, c.channels]).toEqual([N, H, 3]);
    let mismatches = 0;
    for (let f = 0; f < N; f++)
      for (let y = 0; y < H; y++) for (let ch = 0; ch < 3; ch++) if (c.samples[(y * N + f) * 3 + ch] !== pattern8(9, y, f, ch)) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('matches an independent extraction by FFmpeg (its own PNG decoder and crop) for sampled frames', async () => {
    const c = await compositeSamples(race);
    for (const f of [0, 1, 511, 512, 599]) {
      const file = path.join(frames, `frame_${String(f).padStart(5, '0')}.png`);
      const png = execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-vf', `crop=1:${H}:9:0,format=rgb24`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1']);
      const col = Buffer.alloc(H * 3);
      for (let y = 0; y < H; y++) for (let ch = 0; ch < 3; ch++) col[y * 3 + ch] = c.samples[(y * N + f) * 3 + ch] as number;
      expect(col.equals(png)).toBe(true);
    }
  });

  it('writes level-0 tiles that stitch back to the composite, and halved levels above', async () => {
    const m = await loadManifest(race);
    expect(m.tiles.tileWidth).toBe(512);
    expect(m.tiles.levels[0]).toMatchObject({ level: 0, downsample: 1, columns: N, rows: H, tiles: 2 });
    expect(m.tiles.levels[1]).toMatchObject({ level: 1, downsample: 2, columns: N / 2, rows: H / 2, tiles: 1 });
    const c = await compositeSamples(race);
    const t1 = await sharp(path.join(race, 'tiles/0/1.png')).raw().toBuffer({ resolveWithObject: true });
    expect([t1.info.width, t1.info.height]).toEqual([N - 512, H]);
    for (let y = 0; y < H; y++) for (let x = 0; x < N - 512; x++) expect(t1.data[(y * (N - 512) + x) * 3]).toBe(c.samples[(y * N + 512 + x) * 3]);
    // Level 1 pixel (x, y) is the rounded mean of the 2×2 block at level 0.
    const l1 = await sharp(path.join(race, 'tiles/1/0.png')).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => c.samples[(y * N + x) * 3] as number;
    for (const [x, y] of [[0, 0], [100, 3], [299, 7]] as const) {
      const mean = (at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1) + 2) >> 2;
      expect(l1.data[(y * (N / 2) + x) * 3]).toBe(mean);
    }
  });

  it('records hashes of every frame file, the composite and the times', async () => {
    const m = await loadManifest(race);
    expect(m.source.files).toHaveLength(N);
    const first = await readFile(path.join(frames, 'frame_00000.png'));
    const { createHash } = await import('node:crypto');
    expect(m.source.files[0]?.sha256).toBe(createHash('sha256').update(first).digest('hex'));
    const composite = await readFile(path.join(race, RACE_LAYOUT.compositePng));
    expect(m.composite.sha256).toBe(createHash('sha256').update(composite).digest('hex'));
    const times = await readFile(path.join(race, RACE_LAYOUT.times));
    expect(m.times.sha256).toBe(createHash('sha256').update(times).digest('hex'));
    const t = await readTimes(race);
    expect(t.timesNs.slice(0, 3)).toEqual(['0', '10000000', '20000000']);
    expect(t.frames[599]).toBe(599);
  });
});

describe('segments: bilinear sampling at unit steps', () => {
  // A linear image: bilinear interpolation of it is exact, so each sample is known analytically.
  const linear: PixelFn = (x, y, f) => 2 * x + 3 * y + f;
  const W = 20;
  const H = 20;
  const N = 6;

  it('samples a slanted line (3-4-5 direction) at 21 points, first row at (X1, Y1)', async () => {
    const frames = path.join(tmp, 'slant');
    await writeFrames(frames, { width: W, height: H, frames: N, channels: 1, pixel: linear });
    const race = path.join(tmp, 'slant-race');
    await build(frames, race, { line: { kind: 'segment', x1: 2, y1: 1, x2: 14, y2: 17 } });
    const c = await compositeSamples(race);
    expect([c.width, c.height, c.channels]).toEqual([N, 21, 1]);
    for (let f = 0; f < N; f++)
      for (let k = 0; k <= 20; k++) {
        const x = 2 + (12 * k) / 20;
        const y = 1 + (16 * k) / 20;
        expect(c.samples[k * N + f]).toBe(Math.round(2 * x + 3 * y + f));
      }
  });

  it('samples a fractional slanted line with bilinear weights', async () => {
    const frames = path.join(tmp, 'slant');
    const race = path.join(tmp, 'slant-frac-race');
    await build(frames, race, { line: { kind: 'segment', x1: 0.5, y1: 0.25, x2: 6.5, y2: 8.25 } });
    const c = await compositeSamples(race);
    expect(c.height).toBe(11);
    for (let k = 0; k <= 10; k++) expect(c.samples[k * N + 3]).toBe(Math.round(2 * (0.5 + 0.6 * k) + 3 * (0.25 + 0.8 * k) + 3));
  });

  it('takes a horizontal line as one composite row per pixel, copied exactly', async () => {
    const frames = path.join(tmp, 'horiz');
    await writeFrames(frames, { width: W, height: 10, frames: N });
    const race = path.join(tmp, 'horiz-race');
    await build(frames, race, { line: { kind: 'segment', x1: 0, y1: 5, x2: W - 1, y2: 5 } });
    const c = await compositeSamples(race);
    expect([c.width, c.height]).toEqual([N, W]);
    for (let f = 0; f < N; f++) for (let x = 0; x < W; x++) for (let ch = 0; ch < 3; ch++) expect(c.samples[(x * N + f) * 3 + ch]).toBe(pattern8(x, 5, f, ch));
  });
});

describe('frame formats and order', () => {
  it('keeps 16-bit grey frames 16-bit, exactly', async () => {
    const frames = path.join(tmp, 'g16');
    await writeFrames(frames, { width: 8, height: 12, frames: 5, channels: 1, depth: 16 });
    const race = path.join(tmp, 'g16-race');
    await build(frames, race, { line: { kind: 'column', x: 3 } });
    const m = await loadManifest(race);
    expect([m.source.bitDepth, m.source.channels]).toEqual([16, 1]);
    const c = await compositeSamples(race, 16);
    expect(c.meta.depth).toBe('ushort');
    for (let f = 0; f < 5; f++) for (let y = 0; y < 12; y++) expect(c.samples[y * 5 + f]).toBe((3 * 997 + y * 4099 + f * 12289) % 65536);
  });

  it('reads 16-bit TIFF, lossless WebP and JPEG frames', async () => {
    for (const [format, depth, channels] of [['tiff', 16, 1], ['webp', 8, 3], ['jpeg', 8, 3]] as const) {
      const frames = path.join(tmp, `fmt-${format}`);
      await writeFrames(frames, { width: 16, height: 8, frames: 3, format, depth, channels });
      const race = path.join(tmp, `fmt-${format}-race`);
      await build(frames, race);
      const m = await loadManifest(race);
      expect([m.columns, m.rows, m.source.bitDepth, m.source.channels]).toEqual([3, 8, depth, channels]);
    }
  });

  it('orders frames naturally: frame_2 before frame_10', async () => {
    const frames = path.join(tmp, 'natural');
    // Frame content encodes its number; written out of order on purpose.
    const names = (i: number) => `frame_${[10, 2, 1, 33, 3][i]}.png`;
    await writeFrames(frames, { width: 4, height: 2, frames: 5, channels: 1, name: names, pixel: (_x, _y, f) => [10, 2, 1, 33, 3][f] as number });
    const race = path.join(tmp, 'natural-race');
    await build(frames, race, { line: { kind: 'column', x: 0 } });
    const c = await compositeSamples(race);
    expect(Array.from(c.samples.subarray(0, 5))).toEqual([1, 2, 3, 10, 33]);
    const m = await loadManifest(race);
    expect(m.source.files.map((f) => path.basename(f.path))).toEqual(['frame_1.png', 'frame_2.png', 'frame_3.png', 'frame_10.png', 'frame_33.png']);
  });
});

describe('native line-scan image', () => {
  it('keeps the image as the composite and takes a time per column from a timestamps file', async () => {
    const file = path.join(tmp, 'scan.png');
    const { encodeFrame } = await import('../../../fixtures/synthetic-frames.js');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, await encodeFrame({ width: 6, height: 5, frames: 1, channels: 1, depth: 16 }, 0));
    const ts = path.join(tmp, 'scan-times.json');
    await writeFile(ts, JSON.stringify([0, 1, 2, 3, 5, 6].map((c, i) => ({ frame: i, time_s: (10 + c * 0.0001).toFixed(4) }))));
    const race = path.join(tmp, 'scan-race');
    await buildRace(buildRequest.parse({ source: file, out: race, timing: { kind: 'timestamps', file: ts } }), { actor: 'test' });
    const m = await loadManifest(race);
    expect([m.source.kind, m.columns, m.rows, m.source.bitDepth]).toEqual(['linescan', 6, 5, 16]);
    expect(m.timing.kind).toBe('timestamps');
    expect(m.gaps).toEqual([{ afterColumn: 3, fromNs: '10000300000', toNs: '10000500000', reason: 'interval' }]);
    const c = await compositeSamples(race, 16);
    for (let x = 0; x < 6; x++) for (let y = 0; y < 5; y++) expect(c.samples[y * 6 + x]).toBe((x * 997 + y * 4099) % 65536);
  });

  it('refuses --line and a missing rate for a line-scan image', async () => {
    const file = path.join(tmp, 'scan.png');
    await expect(buildRace(buildRequest.parse({ source: file, out: path.join(tmp, 'scan-x') }))).rejects.toMatchObject({
      message: expect.stringMatching(/scan\.png: a line-scan image has no times of its own$/),
      hint: 'give-line-rate',
    });
    await expect(
      buildRace(buildRequest.parse({ source: file, out: path.join(tmp, 'scan-y'), line: { kind: 'column', x: 1 }, timing: { kind: 'line-rate', rate: '100' } })),
    ).rejects.toThrow(/a finish line does not apply to a native line-scan image/);
  });
});

describe('reading a region from the tiles', () => {
  it('gives exactly the composite columns asked for, across tile borders, in milliseconds', async () => {
    const { readCompositeRegion } = await import('../../../../app/imaging/tile-region.js');
    const race = path.join(tmp, 'rgb-race');
    const m = await loadManifest(race);
    const t0 = performance.now();
    const r = await readCompositeRegion(race, m, 500, 30);
    const ms = performance.now() - t0;
    const c = await compositeSamples(race);
    expect([r.left, r.width, r.height]).toEqual([500, 30, 16]);
    for (let y = 0; y < 16; y++) for (let x = 0; x < 30; x++) expect(r.pixels[(y * 30 + x) * 3 + 1]).toBe(c.samples[(y * 600 + 500 + x) * 3 + 1]);
    expect(ms).toBeLessThan(1000);
    const top = await readCompositeRegion(race, m, 0, 1e9, 1);
    expect([top.width, top.height]).toEqual([300, 8]);
  });
});
