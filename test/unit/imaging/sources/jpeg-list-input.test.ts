/**
 * FFmpeg reads a build's JPEG list as one input: through numbered links (image2) where they can be made, through a
 * concat list where not. Either way it must decode exactly the files of the list, in the list's order (not the
 * names' order), whatever characters the names hold, to the same pixels.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { renderSourceFrame } from '../../../../app/imaging/source-frame.js';
import { loadManifest, readTimes } from '../../../../app/store/evidence-reader.js';
import { ffmpegPath, runTool } from '../../../../app/imaging/sources/ffmpeg.js';
import { jpegListInput } from '../../../../app/imaging/sources/jpeg-list-input.js';
import { encodeFrame, type PixelFn } from '../../../fixtures/synthetic-frames.js';

const W = 32;
const H = 16;
// Each frame one flat grey level: the decoded level says which file FFmpeg read.
const level = (f: number) => 30 + f * 40;
const flat = (f: number): PixelFn => () => level(f);

let tmp: string;
let files: string[];
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-jpeg-list-'));
  // A folder and names FFmpeg's own syntaxes would misread: a quote, a pattern, spaces, a glob.
  const folder = path.join(tmp, "it's 100%d done [1]");
  await mkdir(folder);
  const names = ['frame %03d.jpg', "o'clock.jpg", 'b*.jpg', 'a.jpg', 'ünï.jpg'];
  files = names.map((n) => path.join(folder, n));
  for (const [f, file] of files.entries()) await writeFile(file, await encodeFrame({ width: W, height: H, frames: 1, format: 'jpeg', pixel: flat(f) }, f));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The first pixel of every frame FFmpeg decodes from the input, in output order. */
async function decodedLevels(input: string[]): Promise<number[]> {
  const res = await runTool(ffmpegPath(), ['-v', 'error', '-nostdin', ...input, '-vf', 'format=gray', '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1']);
  expect(res.code, res.stderr).toBe(0);
  const levels: number[] = [];
  for (let k = 0; k * W * H < res.stdout.length; k++) levels.push(res.stdout[k * W * H] as number);
  return levels;
}

describe('a JPEG list as one FFmpeg input', () => {
  // The list's order is not the names' order: decoding must follow the list.
  const order = [3, 0, 4, 1, 2];

  it('decodes every file of the list once, in the list order, through numbered links', async () => {
    const input = await jpegListInput(order.map((i) => files[i] as string), path.join(tmp, 'links'));
    expect(input).toContain('image2');
    const levels = await decodedLevels(input);
    expect(levels.map((v) => Math.round((v - 30) / 40))).toEqual(order);
  });

  it('falls back to a concat list where the links cannot be made, with the same frames', async () => {
    const scratch = path.join(tmp, 'taken');
    await mkdir(scratch);
    // The first link's name is taken, as a folder that refuses links would refuse it.
    await writeFile(path.join(scratch, '00000000.jpg'), 'not a link');
    const input = await jpegListInput(order.map((i) => files[i] as string), scratch);
    expect(input).toContain('concat');
    const viaConcat = await decodedLevels(input);
    const viaLinks = await decodedLevels(await jpegListInput(order.map((i) => files[i] as string), path.join(tmp, 'links-2')));
    expect(viaConcat).toEqual(viaLinks);
    expect(viaConcat.map((v) => Math.round((v - 30) / 40))).toEqual(order);
  });
});

describe('a JPEG folder whose path holds a pattern character', () => {
  it('is built through FFmpeg like any other, each column the frame the inspector shows', async () => {
    const folder = path.join(tmp, "it's 100%d done [1]");
    const race = path.join(tmp, 'race');
    await buildRace(buildRequest.parse({ source: folder, out: race, timing: { kind: 'fps', fps: '100' }, line: { kind: 'column', x: 5 } }), { actor: 'test' });
    const m = await loadManifest(race);
    expect(m.source.decoder).toBe('ffmpeg');
    const t = await readTimes(race);
    const composite = await sharp(path.join(race, m.composite.path)).raw().toBuffer({ resolveWithObject: true });
    expect(composite.info.width).toBe(files.length);
    for (let column = 0; column < files.length; column++) {
      const frame = await renderSourceFrame(m, t, { column });
      const png = Buffer.from(frame.dataUrl.split(',')[1] as string, 'base64');
      const line = await sharp(png).extract({ left: 5, top: 0, width: 1, height: H }).raw().toBuffer();
      const col = await sharp(path.join(race, m.composite.path)).extract({ left: column, top: 0, width: 1, height: H }).raw().toBuffer();
      expect(line.equals(col)).toBe(true);
    }
  });
});
