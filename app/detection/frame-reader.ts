/**
 * Source frames for the detector, as 8-bit RGB. A frame folder is read file by file, with the decoder the build
 * used (FFmpeg or sharp decode the same JPEG to slightly different pixels; detection must see the composite's); a
 * video is decoded once for all the frames needed (one ffmpeg pass selecting them by decode index, the same
 * numbering and orientation the build used); a GIF goes through the shared source reader. Frames are read from the
 * footage the manifest names and the detector never modifies them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from '../domain/detection/front-fit.js';
import { UserError } from '../domain/errors.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { openCachedSource } from '../imaging/source-cache.js';
import { ffmpegPath, lastErrorLine, missingTool } from '../imaging/sources/ffmpeg.js';
import { decodeJpegFrameWithFfmpeg } from '../imaging/sources/jpeg-ffmpeg.js';
import type { Samples } from '../imaging/pixels.js';

export type FrameReader = (indices: readonly number[]) => Promise<Map<number, RgbImage>>;

export function frameReader(manifest: EvidenceManifest): FrameReader {
  const src = manifest.source;
  if (src.kind === 'frames') return (indices) => readFolderFrames(manifest, indices);
  if (src.kind === 'video') return (indices) => readVideoFrames(src.path, src.width, src.height, indices);
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

async function readFolderFrames(manifest: EvidenceManifest, indices: readonly number[]): Promise<Map<number, RgbImage>> {
  const out = new Map<number, RgbImage>();
  const unique = [...new Set(indices)];
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const i = unique[next++] as number;
      const file = manifest.source.files[i];
      if (!file) throw new UserError(`frame ${i} is not in the race's evidence`, 'NOT_FOUND');
      let image: RgbImage;
      try {
        image = manifest.source.decoder === 'ffmpeg' ? await decodeLikeBuild(file.path, manifest.source.channels) : await decodeWithSharp(file.path);
      } catch (err) {
        // A missing ffmpeg is its own one-line message; anything else is the frame file.
        if (err instanceof UserError && err.message === missingTool(path.basename(ffmpegPath())).message) throw err;
        throw new UserError(`${file.path}: source frame cannot be read (the footage was moved, deleted or damaged)`, 'NOT_FOUND');
      }
      out.set(i, image);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, unique.length) }, worker));
  return out;
}

async function decodeWithSharp(file: string): Promise<RgbImage> {
  const raw = await sharp(file, { limitInputPixels: false }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: raw.info.width, height: raw.info.height, data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength) };
}

/** A JPEG frame of a race built with FFmpeg, decoded by the same FFmpeg path (grey stays grey, then replicated). */
async function decodeLikeBuild(file: string, sourceChannels: number): Promise<RgbImage> {
  const channels = sourceChannels === 1 ? 1 : 3;
  const f = await decodeJpegFrameWithFfmpeg(file, channels);
  if (channels === 3) return { width: f.width, height: f.height, data: f.pixels };
  const data = new Uint8Array(f.width * f.height * 3);
  for (let p = 0; p < f.width * f.height; p++) {
    const v = f.pixels[p] as number;
    data[p * 3] = v;
    data[p * 3 + 1] = v;
    data[p * 3 + 2] = v;
  }
  return { width: f.width, height: f.height, data };
}

/** Contiguous runs of sorted indices as ffmpeg `between(n,a,b)` terms, so the expression stays short. */
function selectExpression(sorted: number[]): string {
  const terms: string[] = [];
  let start = sorted[0] as number;
  let prev = start;
  for (const i of [...sorted.slice(1), Number.NaN]) {
    if (i === prev + 1) {
      prev = i;
      continue;
    }
    terms.push(start === prev ? `eq(n\\,${start})` : `between(n\\,${start}\\,${prev})`);
    start = i;
    prev = i;
  }
  return terms.join('+');
}

async function readVideoFrames(file: string, width: number, height: number, indices: readonly number[]): Promise<Map<number, RgbImage>> {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const out = new Map<number, RgbImage>();
  if (sorted.length === 0) return out;
  // -noautorotate: frames as stored, as the build decoded them (the manifest's width and height are the stored ones).
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-noautorotate', '-copyts', '-i', file, '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', `select=${selectExpression(sorted)},format=rgb24`, '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1',
  ];
  const frameBytes = width * height * 3;
  const chunks: Buffer[] = [];
  let stderr = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (c: Buffer) => chunks.push(c));
    proc.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    proc.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? missingTool('ffmpeg') : e));
    proc.on('close', resolve);
  });
  if (code !== 0) throw new UserError(`${file}: ffmpeg could not decode frames for detection (${lastErrorLine(stderr)})`, 'INVALID_ARGUMENT');
  const all = Buffer.concat(chunks);
  const got = Math.floor(all.length / frameBytes);
  if (got < sorted.length) throw new UserError(`${file}: only ${got} of ${sorted.length} frames needed for detection could be decoded`, 'INVALID_ARGUMENT');
  sorted.forEach((index, k) => {
    out.set(index, { width, height, data: new Uint8Array(all.buffer, all.byteOffset + k * frameBytes, frameBytes) });
  });
  return out;
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
