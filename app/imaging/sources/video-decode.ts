/**
 * Decoding a video's line region, frame by frame, with every frame's timestamp (showinfo) and what is wrong with
 * the file as it decodes (video-damage.ts): frames the decoder never delivered, frames decoded from damaged data,
 * a file cut short. Damage is refused with its count and times, or, with skipBad, handed on as bad frames (gaps).
 *
 * The stages, one file each: plan the pictures ffmpeg packs the regions into (video-crop.ts); run ffmpeg
 * (video-decoder-process.ts) while its log is read (video-decode-log.ts); cut its output into pictures and regions
 * (video-pictures.ts); match the decoded frames to the probed packets (video-frame-match.ts); then check the
 * counts: the end of the output, the damage and a file cut short (video-cut-short.ts).
 */
import { CancelledError, UserError } from '../../domain/errors.js';
import type { Region } from '../../domain/line/finish-line.js';
import type { Ticks } from '../../domain/time/ticks.js';
import type { Rational } from '../../domain/time/time-map.js';
import { samplesOf } from '../pixels.js';
import { lastErrorLine } from './ffmpeg.js';
import type { ReadOptions, RegionResult } from './source.js';
import { framesPerPicture, pictureBytes, pictureFilters, picturePlan } from './video-crop.js';
import { cutShortOfStream, type CutShort } from './video-cut-short.js';
import { damageProblems } from './video-damage.js';
import { decoderArgs, startDecoder } from './video-decoder-process.js';
import { FrameMatch } from './video-frame-match.js';
import { pictures, regionsOf } from './video-pictures.js';

export interface ProbedStream {
  /** Presentation timestamps of the packets the file holds, sorted, in the stream's time base. */
  pts: bigint[];
  timeBase: Rational;
  /** Where the container says the stream ends (start + duration), if it says. */
  declaredEnd: Ticks | null;
  /**
   * How many frames the container's header says the stream has, if it says (an AVI's header does, while its
   * duration is only estimated from the file's size once the index at the end is cut off).
   */
  declaredFrames: number | null;
}

/** One decode of a video's line region. */
export interface DecodeJob {
  file: string;
  /** The frames' size, as probed. */
  width: number;
  height: number;
  region: Region;
  opts: ReadOptions;
  /** What this ffmpeg offers, asked while the file was probed: the passthrough arguments and the showinfo filter. */
  features: Promise<[passthrough: string[], showinfo: string]>;
  probed: ProbedStream;
  /** Told at the end of a decode that succeeded: the entries' times and whether the file is cut short. */
  done: (times: Ticks[], cutShort: CutShort | null) => void;
}

export async function* decodeRegions(job: DecodeJob): AsyncGenerator<RegionResult> {
  const { file, opts, region } = job;
  const plan = picturePlan(job.width, job.height, region);
  const perPicture = framesPerPicture(plan);
  const filters = pictureFilters(plan, job.width, job.height);
  const [passthrough, showinfo] = await job.features;
  const decoder = startDecoder(decoderArgs(file, filters, passthrough, showinfo, opts.skipBad), opts.signal);
  const regionBytes = region.width * region.height * 3;
  const frames = new FrameMatch(file, job.probed, decoder.log, opts.skipBad);
  try {
    /** The last complete tiled picture: how many of its slots are real frames is known once showinfo counted them. */
    let held: Buffer | null = null;
    for await (const full of pictures(decoder.stdout, pictureBytes(plan))) {
      if (perPicture === 1) {
        yield* frames.emit(samplesOf(full, 8));
        continue;
      }
      const ready = held;
      held = full;
      if (ready) for (const pixels of regionsOf(ready, perPicture, regionBytes)) yield* frames.emit(pixels);
    }
    const code = await decoder.exited;
    if (opts.signal?.aborted) throw new CancelledError('Build cancelled.');
    if (decoder.spawnError) throw decoder.spawnError;
    if (code !== 0) throw new UserError(`${file}: ffmpeg could not decode the video (${lastErrorLine(decoder.log.tail)})`, 'INVALID_ARGUMENT');
    if (held) {
      const last = decoder.log.framesSeen - frames.out;
      if (last < 1 || last > perPicture) throw new Error(`${file}: ffmpeg reported ${decoder.log.framesSeen} frames but wrote ${frames.out + perPicture} picture slots`);
      for (const pixels of regionsOf(held, last, regionBytes)) yield* frames.emit(pixels);
    }
    if (frames.out === 0) throw new UserError(`${file}: no frame could be decoded`, 'INVALID_ARGUMENT');
    yield* frames.missingBefore(null);
    const cutShort = cutShortOfStream(frames.probedTicks, job.probed.declaredEnd, job.probed.declaredFrames);
    const problems = damageProblems(frames.missing, frames.affected, decoder.log.damage.reports, cutShort ? cutShort.text : null);
    if (problems.length && !opts.skipBad) throw new UserError(`${file}: the video is damaged: ${problems.join('; ')}`, 'INVALID_ARGUMENT', { hint: 'skip-bad-frames' });
    // Frames without a timestamp stay without a time here; the build refuses them unless --fps gives the times.
    job.done(frames.times, cutShort);
  } finally {
    decoder.stop();
  }
}
