/**
 * A folder of frames (JPEG, PNG, TIFF, WebP; 8/16-bit; grey or colour). Frames are read in natural file-name order
 * (or the order a timestamps file gives); each file is read once, hashed, and only the finish line's rectangle is
 * extracted from it. At most DECODES_IN_FLIGHT frames are decoded at once.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { UserError } from '../../domain/errors.js';
import type { Region } from '../../domain/line/finish-line.js';
import { orderedMap } from '../concurrency.js';
import { readEvidenceFile } from '../evidence-file.js';
import { DECODES_IN_FLIGHT, FRAME_PIXEL_LIMIT, megapixels } from '../limits.js';
import { loadSharp } from '../sharp-module.js';
import { describeFormat, formatFromMetadata, samplesOf, toRaw } from '../pixels.js';
import { readImageHeader, type HeaderInfo } from './image-header.js';
import { decodeJpegFrameWithFfmpeg, ffmpegDecodesJpeg, ffmpegJpegWanted, readJpegRegionsWithFfmpeg } from './jpeg-ffmpeg.js';
import { jpegReferenceForFfmpeg, mostShared, REFERENCE_VOTERS, type FirstFrame } from './reference-frame.js';
import { FRAME_EXTENSIONS, listFrameFiles } from './frame-files.js';
import type { FrameSource, ReadOptions, RegionResult } from './source.js';

export { FRAME_EXTENSIONS, listFrameFiles };

/**
 * The pixel limit is checked on the first frame's header (with its size in the message); every later frame must
 * have the same size, so sharp's own limit would only hide the size a message should name.
 */
async function sharpOf(input: Buffer | string): Promise<Sharp> {
  return (await loadSharp())(input, { limitInputPixels: false, failOn: 'warning', sequentialRead: true });
}

/** Why a frame file cannot be decoded, in words an official can act on. */
function badFrameReason(file: string, bytes: number, err: unknown): string {
  if (bytes === 0) return `${file}: empty file (0 bytes)`;
  const msg = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
  if (/pixel limit/i.test(msg)) return `${file}: image is over the ${megapixels(FRAME_PIXEL_LIMIT)} limit for one frame`;
  if (/premature end|truncat|end of (file|stream)|Read error|unexpected end/i.test(msg)) return `${file}: truncated image (${msg})`;
  return `${file}: not a readable image (${msg})`;
}

async function metadataHeader(img: Sharp): Promise<HeaderInfo> {
  const meta = await img.metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: formatFromMetadata(meta) };
}

/**
 * Reads the size and format most of the first few readable frames share (the first frame's on a tie), and the
 * first frame that has them. An unreadable frame before any readable one stops here unless skipping bad frames;
 * one after is only not counted (the read names it, in order).
 */
async function probeFirst(folder: string, names: string[], skipBad: boolean): Promise<FirstFrame> {
  let firstBad: string | null = null;
  const readable: FirstFrame[] = [];
  for (const name of names) {
    if (readable.length === REFERENCE_VOTERS) break;
    const file = path.join(folder, name);
    const bytes = await stat(file).then(
      (st) => st.size,
      () => {
        throw new UserError(`${file}: missing or unreadable`, 'NOT_FOUND');
      },
    );
    try {
      if (bytes === 0) throw new Error('empty');
      const meta = await (await sharpOf(file)).metadata();
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      if (width * height > FRAME_PIXEL_LIMIT) {
        throw new UserError(`${file}: ${width}×${height} px is over the ${megapixels(FRAME_PIXEL_LIMIT)} limit for one frame`, 'INVALID_ARGUMENT');
      }
      // Decode one pixel so a corrupt first frame is caught here, not after the race folder is started.
      await (await sharpOf(file)).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      readable.push({ width, height, format: formatFromMetadata(meta), name });
    } catch (err) {
      if (readable.length > 0) continue;
      if (err instanceof UserError) throw err;
      const reason = badFrameReason(file, bytes, err);
      if (!skipBad) throw new UserError(reason, 'INVALID_ARGUMENT');
      firstBad ??= reason;
    }
  }
  const reference = mostShared(readable);
  if (!reference) throw new UserError(`${folder}: no frame could be read (first: ${firstBad ?? 'none'})`, 'INVALID_ARGUMENT');
  return reference;
}

export async function openFrameFolder(folder: string, options: { order?: string[]; skipBad?: boolean } = {}): Promise<FrameSource> {
  const names = options.order ?? (await listFrameFiles(folder));
  // JPEG folders go through FFmpeg when it is there (see jpeg-ffmpeg.ts for the numbers); everything else through
  // sharp. Such a folder's reference frame is found from the headers and FFmpeg's decode of it, without sharp.
  const allJpeg = names.every((n) => /\.jpe?g$/i.test(n));
  const viaFfmpeg = allJpeg && ffmpegJpegWanted() ? await jpegReferenceForFfmpeg(folder, names) : null;
  const first = viaFfmpeg ?? (await probeFirst(folder, names, options.skipBad ?? false));
  const { width, height, format } = first;

  const readOne = async (index: number, region: Region, skipBad: boolean): Promise<RegionResult> => {
    const name = names[index] as string;
    const file = path.join(folder, name);
    const { buf, evidence } = await readEvidenceFile(file);
    try {
      if (buf.length === 0) throw new Error('empty');
      const img = await sharpOf(buf);
      const header = readImageHeader(buf) ?? (await metadataHeader(img));
      const f = header.format;
      // A frame of another size or format is a bad frame like an unreadable one: named, and left out with skipBad.
      const mismatch =
        header.width !== width || header.height !== height
          ? `${file}: frame is ${header.width}×${header.height} px but ${first.name} is ${width}×${height} px (all frames must be the same size)`
          : f.depth !== format.depth || f.channels !== format.channels
            ? `${file}: frame is ${describeFormat(f)} but ${first.name} is ${describeFormat(format)} (all frames must share one format)`
            : null;
      if (mismatch !== null) {
        if (!skipBad) throw new UserError(mismatch, 'INVALID_ARGUMENT', { hint: 'skip-bad-frames' });
        return { index, bad: mismatch, file: evidence };
      }
      const raw = await toRaw(img.extract(region), format).toBuffer();
      return { index, pixels: samplesOf(raw, format.depth), file: evidence };
    } catch (err) {
      if (err instanceof UserError) throw err;
      const reason = badFrameReason(file, buf.length, err);
      if (!skipBad) throw new UserError(reason, 'INVALID_ARGUMENT', { hint: 'skip-bad-frames' });
      return { index, bad: reason, file: evidence };
    }
  };

  // Where the headers did not settle it (a frame sharp must name first, say), the reference sharp found is tried.
  // A JPEG variant FFmpeg cannot read (arithmetic coding, say) but sharp can stays with sharp for the whole folder.
  const firstHeader = viaFfmpeg || !allJpeg ? null : readImageHeader(await readFile(path.join(folder, first.name)));
  const useFfmpeg =
    viaFfmpeg !== null ||
    (firstHeader !== null && format.depth === 8 && ffmpegJpegWanted() && (await ffmpegDecodesJpeg(path.join(folder, first.name), format.channels)));
  const jpegSpec = { folder, names, width, height, format, firstName: first.name };

  return {
    kind: 'frames',
    path: folder,
    decoder: useFfmpeg ? 'ffmpeg' : 'sharp',
    description: `${names.length} frames, ${width}×${height} px, ${describeFormat(format)}, from ${path.basename(folder)}`,
    width,
    height,
    format,
    frameCount: names.length,
    frameName: (i) => names[i] ?? `frame ${i}`,
    ownTimes: null,
    isLineScan: false,
    readRegions(region: Region, opts: ReadOptions) {
      if (useFfmpeg) return readJpegRegionsWithFfmpeg(jpegSpec, region, opts);
      return orderedMap(names.length, DECODES_IN_FLIGHT, (i) => readOne(i, region, opts.skipBad), opts.signal);
    },
    async readFrame(index) {
      const name = names[index];
      if (name === undefined) throw new UserError(`frame ${index} is outside ${folder} (${names.length} frames)`, 'INVALID_ARGUMENT');
      const file = path.join(folder, name);
      if (useFfmpeg) {
        const f = await decodeJpegFrameWithFfmpeg(file, format.channels);
        return { pixels: f.pixels, width: f.width, height: f.height, format };
      }
      try {
        const raw = await toRaw(await sharpOf(file), format).toBuffer({ resolveWithObject: true });
        return { pixels: samplesOf(raw.data, format.depth), width: raw.info.width, height: raw.info.height, format };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || /missing|no such file/i.test(String(err))) {
          throw new UserError(`${file}: source frame not found (the footage was moved or deleted)`, 'NOT_FOUND');
        }
        throw new UserError(badFrameReason(file, 1, err), 'INVALID_ARGUMENT');
      }
    },
    async hashFiles() {
      return [];
    },
    async close() {},
  };
}
