/**
 * The detector's source frames are the composite's: on the finish line, the pixels it reads from each frame equal
 * that frame's composite column exactly, whichever decoder the build used (FFmpeg and sharp decode the same colour
 * JPEG to slightly different pixels), and in a video however it seeks to them.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../app/api/methods/build.js';
import { frameReader } from '../../../app/detection/frame-reader.js';
import { cropToBand } from '../../../app/domain/detection/background.js';
import type { RgbImage } from '../../../app/domain/detection/front-fit.js';
import { buildRace } from '../../../app/imaging/race-builder/build-race.js';
import { ffmpegPath, runTool } from '../../../app/imaging/sources/ffmpeg.js';
import { loadManifest } from '../../../app/store/evidence-reader.js';

const W = 96;
const H = 64;
const X = 37;
const FRAMES = 4;

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-frame-reader-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Busy colour frames (4:2:0 chroma), where decoders' upsampling and IDCT differ most; or their grey versions. */
async function writeJpegFrames(folder: string, grey: boolean): Promise<void> {
  await mkdir(folder);
  for (let f = 0; f < FRAMES; f++) {
    const px = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++) {
      const x = i % W;
      const y = Math.floor(i / W);
      px[i * 3] = (x * 7 + f * 31 + ((x * y) % 13) * 9) & 255;
      px[i * 3 + 1] = (y * 11 + f * 17 + (x % 5) * 40) & 255;
      px[i * 3 + 2] = ((x ^ y) * 5 + f * 47) & 255;
    }
    const img = sharp(px, { raw: { width: W, height: H, channels: 3 } });
    await (grey ? img.grayscale() : img).jpeg({ quality: 75, chromaSubsampling: '4:2:0' }).toFile(path.join(folder, `frame_${f}.jpg`));
  }
}

describe('frameReader on a JPEG folder', () => {
  it.each([
    ['colour', false],
    ['grey', true],
  ])('reads every %s frame with the decoder the build used, so its line pixels equal the composite column', async (kind, grey) => {
    const frames = path.join(tmp, `frames-${kind}`);
    await writeJpegFrames(frames, grey);
    const race = path.join(tmp, `race-${kind}`);
    await buildRace(buildRequest.parse({ source: frames, out: race, line: { kind: 'column', x: X }, timing: { kind: 'fps', fps: '100' } }), { actor: 'test' });
    const manifest = await loadManifest(race);
    // Grey composites come back as grey: every channel of the frame must equal it.
    const composite = await sharp(path.join(race, manifest.composite.path)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const cc = composite.info.channels;
    expect(composite.info.width).toBe(FRAMES);
    expect(composite.info.height).toBe(H);

    const read = await frameReader(manifest)([...Array(FRAMES).keys()]);
    for (let f = 0; f < FRAMES; f++) {
      const img = read.get(f);
      expect(img?.width).toBe(W);
      const onLine: number[] = [];
      const column: number[] = [];
      for (let y = 0; y < H; y++) {
        for (let c = 0; c < 3; c++) {
          onLine.push(img?.data[(y * W + X) * 3 + c] as number);
          column.push(composite.data[(y * FRAMES + f) * cc + (cc === 1 ? 0 : c)] as number);
        }
      }
      expect(onLine, `frame ${f} (decoder ${manifest.source.decoder ?? 'sharp'})`).toEqual(column);
    }
  });
});

describe('frameReader on a video', () => {
  it('decodes stretches of frames after seeking, each frame the one the composite column was built from', async () => {
    // 120 frames, a keyframe every 25: frames are wanted in two stretches, a lone one and at keyframes.
    const video = path.join(tmp, 'clip.mp4');
    const made = await runTool(ffmpegPath(), [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=25`, '-frames:v', '120', '-g', '25', '-bf', '2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', video,
    ]);
    expect(made.code).toBe(0);
    const race = path.join(tmp, 'race-video');
    await buildRace(buildRequest.parse({ source: video, out: race, line: { kind: 'column', x: X }, timing: { kind: 'source' } }), { actor: 'test' });
    const manifest = await loadManifest(race);
    const composite = await sharp(path.join(race, manifest.composite.path)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const columns = composite.info.width;
    expect(columns).toBe(120);
    const reader = frameReader(manifest);
    expect(await reader.keyframes?.()).toEqual([0, 25, 50, 75, 100]);
    const wanted = [3, 4, 5, 6, 7, 31, 58, 59, 60, 61, 75, 100, 119];
    // Whole frames, and only a band around the line (cut by ffmpeg before converting, at an odd offset).
    for (const band of [undefined, { x0: 23, x1: 52, y0: 0, y1: H }]) {
      const read = await reader(wanted, band);
      expect([...read.keys()].sort((a, b) => a - b)).toEqual(wanted);
      for (const f of wanted) {
        const img = read.get(f) as RgbImage;
        expect(img.width).toBe(band ? 29 : W);
        const x = X - (img.x0 ?? 0);
        const onLine: number[] = [];
        const column: number[] = [];
        for (let y = 0; y < H; y++) {
          for (let c = 0; c < 3; c++) {
            onLine.push(img.data[(y * img.width + x) * 3 + c] as number);
            column.push(composite.data[(y * columns + f) * 3 + c] as number);
          }
        }
        expect(onLine, `frame ${f}${band ? ' (band)' : ''}`).toEqual(column);
      }
    }
  });
});

describe('frameReader on a JPEG folder, cut to a band', () => {
  it.each([
    ['colour', false],
    ['grey', true],
  ])('cuts %s frames to the band around the line as it reads them, the same pixels as the whole frame cut afterwards', async (kind, grey) => {
    const frames = path.join(tmp, `frames-band-${kind}`);
    await writeJpegFrames(frames, grey);
    const race = path.join(tmp, `race-band-${kind}`);
    await buildRace(buildRequest.parse({ source: frames, out: race, line: { kind: 'column', x: X }, timing: { kind: 'fps', fps: '100' } }), { actor: 'test' });
    const manifest = await loadManifest(race);
    const band = { x0: X - 10.5, x1: X + 12.5, y0: -3, y1: H + 3 };
    const all = [...Array(FRAMES).keys()];
    const whole = await frameReader(manifest)(all);
    const cut = await frameReader(manifest)(all, band);
    for (const f of all) {
      const expected = cropToBand(whole.get(f) as RgbImage, band);
      const got = cut.get(f) as RgbImage;
      // Only the band is held: columns 26 to 49 of the 96.
      expect([got.width, got.x0], `frame ${f}`).toEqual([24, 26]);
      expect([got.width, got.height, got.x0 ?? 0, got.y0 ?? 0]).toEqual([expected.width, expected.height, expected.x0 ?? 0, expected.y0 ?? 0]);
      expect(Array.from(got.data), `frame ${f} (decoder ${manifest.source.decoder ?? 'sharp'})`).toEqual(Array.from(expected.data));
    }
  });
});
