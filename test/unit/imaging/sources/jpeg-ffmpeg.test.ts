/**
 * JPEG folders are decoded by two FFmpeg processes on alternating blocks of frames. The composite must still be the
 * frames in order, each column exactly the line's pixels of the frame the inspector shows, and every bad file named.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { loadManifest, readTimes } from '../../../../app/store/evidence-reader.js';
import { renderSourceFrame } from '../../../../app/imaging/source-frame.js';
import { encodeFrame, writeFrames, type PixelFn } from '../../../fixtures/synthetic-frames.js';

let tmp: string;
let frames: string;
const W = 48;
const H = 32;
const N = 150; // several blocks of 32 for each of the two processes
// Flat 16×16 patches whose grey level encodes the frame number: JPEG keeps flat blocks nearly exact.
const patch: PixelFn = (x, y, f, c) => (f * 37 + (x >> 4) * 50 + (y >> 4) * 90 + c * 10) % 200 + 20;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-jpeg-'));
  frames = path.join(tmp, 'frames');
  await writeFrames(frames, { width: W, height: H, frames: N, format: 'jpeg', pixel: patch });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const build = (source: string, out: string, extra: Record<string, unknown> = {}) =>
  buildRace(buildRequest.parse({ source, out, timing: { kind: 'fps', fps: '100' }, line: { kind: 'column', x: 20 }, ...extra }), { actor: 'test' });

async function compositeRaw(race: string) {
  const m = await loadManifest(race);
  return { m, ...(await sharp(path.join(race, m.composite.path)).raw().toBuffer({ resolveWithObject: true })) };
}

describe('JPEG folders through FFmpeg', () => {
  it('keeps frame order across blocks and processes, close to the frames and equal to what the inspector shows', async () => {
    const race = path.join(tmp, 'race');
    await build(frames, race);
    const { m, data, info } = await compositeRaw(race);
    expect(m.source.decoder).toBe('ffmpeg');
    expect([info.width, info.height]).toEqual([N, H]);
    // Order: every column's level matches its own frame's patch (JPEG error is a few levels at most).
    for (let f = 0; f < N; f++) for (const y of [4, 20]) expect(Math.abs((data[(y * N + f) * 3] as number) - patch(20, y, f, 0))).toBeLessThanOrEqual(4);
    // Consistency: the inspector's frame has exactly the composite's column on the line.
    const t = await readTimes(race);
    for (const column of [0, 31, 32, 64, 149]) {
      const frame = await renderSourceFrame(m, t, { column });
      const png = Buffer.from(frame.dataUrl.split(',')[1] as string, 'base64');
      const line = await sharp(png).extract({ left: 20, top: 0, width: 1, height: H }).raw().toBuffer();
      const col = await sharp(path.join(race, m.composite.path)).extract({ left: column, top: 0, width: 1, height: H }).raw().toBuffer();
      expect(line.equals(col)).toBe(true);
    }
  });

  it('matches the sharp decoder within JPEG decoder differences', async () => {
    const race = path.join(tmp, 'race-sharp');
    process.env.PHOTOFINISH_JPEG_DECODER = 'sharp';
    try {
      await build(frames, race);
    } finally {
      delete process.env.PHOTOFINISH_JPEG_DECODER;
    }
    const a = await compositeRaw(path.join(tmp, 'race'));
    const b = await compositeRaw(race);
    expect(b.m.source.decoder).toBe('sharp');
    // Inside the flat patches the two decoders agree to a few levels; at colour edges their chroma upsampling
    // differs (libjpeg's "fancy" upsampling vs swscale), which is why the inspector uses the build's decoder.
    let maxDiff = 0;
    for (const y of [4, 8, 11, 20, 24, 27]) for (let f = 0; f < N; f++) for (let c = 0; c < 3; c++) {
      const i = (y * N + f) * 3 + c;
      maxDiff = Math.max(maxDiff, Math.abs((a.data[i] as number) - (b.data[i] as number)));
    }
    expect(maxDiff).toBeLessThanOrEqual(4);
  });

  it('names a corrupt frame, and with --skip-bad leaves it out as a gap (also first in a process list)', async () => {
    const bad = path.join(tmp, 'bad');
    await writeFrames(bad, { width: W, height: H, frames: 70, format: 'jpeg', pixel: patch });
    // Garbage inside the entropy-coded data of frame 32 (the first file of the second process) and frame 50.
    for (const f of [32, 50]) {
      const file = path.join(bad, `frame_${String(f).padStart(5, '0')}.jpg`);
      const b = Buffer.from(await readFile(file));
      const sos = b.indexOf(Buffer.from([0xff, 0xda]));
      for (let i = sos + 20; i < b.length - 4; i++) b[i] = (b[i] as number) ^ 0x5a;
      await writeFile(file, b);
    }
    await expect(build(bad, path.join(tmp, 'race-bad'))).rejects.toMatchObject({
      message: expect.stringMatching(/frame_00032\.jpg: not a readable image \(.+\)$/),
      hint: 'skip-bad-frames',
    });
    const race = path.join(tmp, 'race-skip');
    await build(bad, race, { skipBad: true });
    const m = await loadManifest(race);
    expect(m.columns).toBe(68);
    expect(m.gaps.map((g) => [g.afterColumn, g.reason, g.files])).toEqual([
      [31, 'bad-frame', ['frame_00032.jpg']],
      [48, 'bad-frame', ['frame_00050.jpg']],
    ]);
    const t = await readTimes(race);
    expect(t.frames.slice(30, 34)).toEqual([30, 31, 33, 34]);
  });

  it('names the first frame of a different size', async () => {
    const odd = path.join(tmp, 'odd');
    await writeFrames(odd, { width: W, height: H, frames: 40, format: 'jpeg', pixel: patch });
    await writeFile(path.join(odd, 'frame_00037.jpg'), await encodeFrame({ width: W + 2, height: H, frames: 1, format: 'jpeg' }, 0));
    await expect(build(odd, path.join(tmp, 'race-odd'))).rejects.toThrow(/frame_00037\.jpg: frame is 50×32 px but frame_00000\.jpg is 48×32 px/);
    // With skipBad it is left out (a recorded gap), and only it.
    const skipped = await build(odd, path.join(tmp, 'race-odd-skip'), { skipBad: true });
    expect(skipped.skipped).toEqual([expect.stringMatching(/frame_00037\.jpg: frame is 50×32 px/)]);
  });
});
