/**
 * Source frames for the detector, as 8-bit RGB. A frame folder is read file by file, with the decoder the build
 * used (FFmpeg or sharp decode the same JPEG to slightly different pixels; detection must see the composite's); a
 * video is decoded in short stretches around the frames needed (video-frames.ts, the build's numbering and
 * orientation); a GIF goes through the shared source reader. Frames are read from the
 * footage the manifest names and the detector never modifies them.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { cropToBand, type Band } from '../domain/detection/background.js';
import type { RgbImage } from '../domain/detection/front-fit.js';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { openCachedSource } from '../imaging/source-cache.js';
import { ffmpegPath, framePassthroughArgs, missingTool, runTool } from '../imaging/sources/ffmpeg.js';
import { decodeJpegFrameWithFfmpeg } from '../imaging/sources/jpeg-ffmpeg.js';
import { jpegListInput } from '../imaging/sources/jpeg-list-input.js';
import { makeLinkScratch } from '../imaging/sources/link-scratch.js';
import type { Samples } from '../imaging/pixels.js';
import { clipBand, keyframesOf, readVideoFrames } from './video-frames.js';

/**
 * Reads the frames with these numbers (a video only the `band` of them, where given; other sources whole);
 * `keyframes`, where the source has them (a video), lists the frames that
 * decode on their own, which the background is best sampled from.
 */
export type FrameReader = ((indices: readonly number[], band?: Band) => Promise<Map<number, RgbImage>>) & { keyframes?: () => Promise<number[] | null> };

export function frameReader(manifest: EvidenceManifest): FrameReader {
  const src = manifest.source;
  if (src.kind === 'frames') return (indices, band) => readFolderFrames(manifest, indices, band);
  if (src.kind === 'video') return Object.assign((indices: readonly number[], band?: Band) => readVideoFrames(src.path, src.width, src.height, indices, band), { keyframes: () => keyframesOf(src.path) });
  return async (indices) => {
    const source = await openCachedSource(src.path);
    const out = new Map<number, RgbImage>();
    for (const i of new Set(indices)) {
      const f = await source.readFrame(i);
      out.set(i, toRgb(f.pixels, f.width, f.height, f.format.channels, f.format.depth));
    }
    return out;
  };
}

/**
 * Frames of a frame folder, cut to `band` where given (FFmpeg cuts them as it converts them, so its output holds
 * only the bands). Read a batch at a time, so that what one reader call holds is bounded too: 2000 noisy 720p
 * frames with a few hundred of them needed held 1.4 GB when every frame was decoded whole at once. A batch is
 * large, since every FFmpeg started costs its start-up.
 */
async function readFolderFrames(manifest: EvidenceManifest, indices: readonly number[], band?: Band): Promise<Map<number, RgbImage>> {
  const unique = [...new Set(indices)].sort((a, b) => a - b);
  const { width, height } = manifest.source;
  const box = band ? clipBand(band, width, height) : { width, height };
  const perBatch = Math.max(8, Math.floor(BATCH_BYTES / Math.max(1, box.width * box.height * 3)));
  const out = new Map<number, RgbImage>();
  for (let k = 0; k < unique.length; k += perBatch) {
    for (const [i, image] of await readFolderBatch(manifest, unique.slice(k, k + perBatch), band)) out.set(i, image);
  }
  return out;
}

/** Decoded pixels one reader call holds at most (about 75 bands of a 720p frame, 23 whole 720p frames). */
const BATCH_BYTES = 64 * 1024 * 1024;

async function readFolderBatch(manifest: EvidenceManifest, unique: readonly number[], band?: Band): Promise<Map<number, RgbImage>> {
  const files = unique.map((i) => {
    const file = manifest.source.files[i];
    if (!file) throw new UserError(`frame ${i} is not in the race's evidence`, 'NOT_FOUND');
    return file.path;
  });
  const cut = (image: RgbImage) => (band ? cropToBand(image, band) : image);
  // JPEG frames the build decoded with FFmpeg: a few FFmpeg processes for all of them (one start-up each, not one
  // per frame); should any frame fail there, frame by frame, so the message names the file.
  if (manifest.source.decoder === 'ffmpeg' && unique.length > 2) {
    const channels = manifest.source.channels === 1 ? 1 : 3;
    const halves = [files.slice(0, Math.ceil(files.length / 2)), files.slice(Math.ceil(files.length / 2))];
    const { width, height } = manifest.source;
    const decoded = await Promise.all(halves.map((h) => decodeJpegListWithFfmpeg(h, channels, width, height, band).catch(() => null)));
    if (decoded.every((d) => d !== null)) {
      const images = decoded.flat() as RgbImage[];
      return new Map(unique.map((i, k) => [i, images[k] as RgbImage]));
    }
  }
  const out = new Map<number, RgbImage>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const k = next++;
      const file = files[k] as string;
      let image: RgbImage;
      try {
        image = manifest.source.decoder === 'ffmpeg' ? await decodeLikeBuild(file, manifest.source.channels) : await decodeWithSharp(file);
      } catch (err) {
        // A missing ffmpeg is its own one-line message; anything else is the frame file.
        if (err instanceof UserError && err.message === missingTool(path.basename(ffmpegPath())).message) throw err;
        throw new UserError(`${file}: source frame cannot be read (the footage was moved, deleted or damaged)`, 'NOT_FOUND');
      }
      out.set(unique[k] as number, cut(image));
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, unique.length) }, worker));
  return out;
}

/**
 * JPEG files decoded by one FFmpeg as one input (jpeg-list-input.ts), in list order, exactly as decoding each on its own
 * (same decoder, same conversion); grey stays grey and is then replicated. Throws unless every file decoded to the
 * race's frame size (`width`×`height`, from its manifest: decoding a first frame alone to learn it was a second
 * FFmpeg start per batch, ~0.15 CPU-s each with a dynamically linked FFmpeg).
 */
async function decodeJpegListWithFfmpeg(files: readonly string[], channels: 1 | 3, width: number, height: number, band?: Band): Promise<RgbImage[]> {
  if (files.length === 0) return [];
  // Cut after the conversion: the same pixels as converting the whole frame and cutting it (cropToBand).
  const box = band ? clipBand(band, width, height) : { left: 0, top: 0, width, height };
  const crop = band ? `,crop=${box.width}:${box.height}:${box.left}:${box.top}` : '';
  const dir = await makeLinkScratch('pf-detect-');
  try {
    const input = await jpegListInput(files, path.join(dir, 'frames'));
    const bytes = box.width * box.height * channels;
    const res = await runTool(ffmpegPath(), [
      '-v', 'error', '-nostdin', ...input,
      '-vf', `${channels === 1 ? 'format=gray' : 'format=rgb24'}${crop}`, ...(await framePassthroughArgs()), '-f', 'rawvideo', 'pipe:1',
    ], undefined, bytes * files.length);
    if (res.code !== 0 || res.stdout.length !== bytes * files.length) throw new Error(`the list decode gave ${res.stdout.length} bytes for ${files.length} frames`);
    return files.map((_, k) => {
      const { width, height, data } = greyToRgb(new Uint8Array(res.stdout.buffer, res.stdout.byteOffset + k * bytes, bytes), box.width, box.height, channels);
      // Built as cropToBand builds a band (the same properties in the same order): the fits' inner loops read
      // frames and background alike, and objects of two shapes there cost a third more time.
      return band ? { width, height, data, x0: box.left, y0: box.top } : { width, height, data };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function greyToRgb(pixels: Uint8Array, width: number, height: number, channels: 1 | 3): RgbImage {
  if (channels === 3) return { width, height, data: pixels };
  const data = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const v = pixels[p] as number;
    data[p * 3] = v;
    data[p * 3 + 1] = v;
    data[p * 3 + 2] = v;
  }
  return { width, height, data };
}

async function decodeWithSharp(file: string): Promise<RgbImage> {
  const raw = await sharp(file, { limitInputPixels: false }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: raw.info.width, height: raw.info.height, data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength) };
}

/** A JPEG frame of a race built with FFmpeg, decoded by the same FFmpeg path (grey stays grey, then replicated). */
async function decodeLikeBuild(file: string, sourceChannels: number): Promise<RgbImage> {
  const channels = sourceChannels === 1 ? 1 : 3;
  const f = await decodeJpegFrameWithFfmpeg(file, channels);
  return greyToRgb(f.pixels, f.width, f.height, channels);
}

/** Any engine samples (grey or RGB, 8 or 16 bit) as 8-bit-scale RGB floats. */
function toRgb(pixels: Samples, width: number, height: number, channels: number, depth: number): RgbImage {
  const scale = depth === 16 ? 255 / 65535 : 1;
  const data = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    for (let ch = 0; ch < 3; ch++) data[i * 3 + ch] = (pixels[i * channels + (channels === 1 ? 0 : ch)] as number) * scale;
  }
  return { width, height, data };
}
