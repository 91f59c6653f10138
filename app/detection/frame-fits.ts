/**
 * Source frames for the detector's fits, and one fit of an object's crossing from them: the still background (per
 * pixel median of frames spread over the recording, in the band around the line), each frame's exposure gain, and
 * the frames around an object's first touch of the line, loaded in batches (one reader call for everything a round
 * of fits needs: a video is decoded once per call).
 */
import type { CompositeObject } from '../domain/detection/composite-objects.js';
import { cropToBand, medianBackground, type Band } from '../domain/detection/background.js';
import { fitCrossing, frameGain, motionSign, type CrossingFit, type FitInput, type FrameAt, type RgbImage } from '../domain/detection/front-fit.js';
import { bandAround, type LineGeometry } from '../domain/detection/line-crossing.js';
import type { ObjectSpan } from '../domain/detection/reading.js';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { ticksToSeconds, type Ticks } from '../domain/time/ticks.js';
import type { FrameReader } from './frame-reader.js';

/** Frames before the first touch used to fit the front's motion. */
export const FIT_FRAMES_BEFORE = 5;
/** Frames from the first touch on: more, because a shadow or a halo ahead of the body touches the line first. */
export const FIT_FRAMES_FROM = 8;
/** Frames spread over the recording for the still background. */
const BACKGROUND_FRAMES = 25;

export interface FrameSetup {
  manifest: EvidenceManifest;
  timesNs: readonly Ticks[];
  /** Source frame of each composite column. */
  frameOfColumn: readonly number[];
  geometry: LineGeometry;
  threshold: number;
}

/** One fit of a span: which way it moves, the columns whose frames were used, and the fit (null: none possible). */
export interface Attempt {
  span: ObjectSpan;
  sign: 1 | -1;
  /** Columns [from, to) whose frames were fitted. */
  from: number;
  to: number;
  ref: Ticks;
  fit: CrossingFit | null;
}

export class FrameFits {
  private readonly images = new Map<number, RgbImage>();
  private readonly gains = new Map<number, number>();
  private background: RgbImage | null = null;
  readonly window: number;
  /** The band around the line every frame is cut to. */
  private readonly band: Band;

  constructor(
    private readonly setup: FrameSetup,
    private readonly read: FrameReader,
  ) {
    const { manifest, geometry } = setup;
    const motionDim = geometry.motionAxis === 'x' ? manifest.source.width : manifest.source.height;
    this.window = Math.max(24, Math.min(200, Math.round(motionDim * 0.2)));
    this.band = bandAround(geometry, manifest.source.width, manifest.source.height, this.window + 2);
  }

  get columns(): number {
    return this.setup.timesNs.length;
  }

  private frameOf(c: number): number {
    return this.setup.frameOfColumn[Math.max(0, Math.min(this.columns - 1, c))] as number;
  }

  /** The frames `fit` will need for these spans (and the background, the first time), read in one call. */
  async load(needs: readonly { span: ObjectSpan; from: number; to: number }[]): Promise<void> {
    const wanted = new Set<number>();
    const backgroundFrames = this.background ? [] : await this.backgroundFrames();
    backgroundFrames.forEach((f) => wanted.add(f));
    for (const n of needs) {
      for (let c = n.from; c < n.to; c++) wanted.add(this.frameOf(c));
      wanted.add(this.frameOf(n.span.firstColumn - 1));
      wanted.add(this.frameOf(signAfter(n.span)));
    }
    const missing = [...wanted].filter((f) => !this.images.has(f));
    if (missing.length) for (const [f, image] of await this.read(missing, this.band)) this.images.set(f, cropToBand(image, this.band));
    // Only the lines the objects cover (and a few either side) need a background, and every fourth line of the
    // band for the frames' exposure gains (measured where the objects mostly are not).
    if (!this.background) {
      const { geometry, manifest } = this.setup;
      const acrossMax = geometry.motionAxis === 'x' ? manifest.source.height : manifest.source.width;
      const objectLines = needs.map((n) => this.across(n.span)).map(([a, b]) => [Math.floor(a) - 3, Math.ceil(b) + 3] as [number, number]);
      const gainLines = Array.from({ length: Math.ceil(acrossMax / 4) }, (_, k) => [4 * k, 4 * k] as [number, number]);
      this.background = medianBackground(
        backgroundFrames.map((f) => this.images.get(f) as RgbImage),
        { axis: geometry.motionAxis, ranges: [...objectLines, ...gainLines] },
      );
    }
  }

  /**
   * Frames spread over the recording; in a video, keyframes spread over it where there are enough (each decodes on
   * its own, where any other frame costs decoding from the keyframe before it).
   */
  private async backgroundFrames(): Promise<number[]> {
    const keyframes = (await this.read.keyframes?.()) ?? null;
    if (keyframes && keyframes.length >= BACKGROUND_FRAMES / 2) {
      const n = Math.min(BACKGROUND_FRAMES, keyframes.length);
      return Array.from({ length: n }, (_, k) => keyframes[Math.round(((keyframes.length - 1) * k) / Math.max(1, n - 1))] as number);
    }
    return Array.from({ length: BACKGROUND_FRAMES }, (_, k) => this.frameOf(Math.round(((this.columns - 1) * k) / (BACKGROUND_FRAMES - 1))));
  }

  private at(c: number, ref: Ticks): FrameAt {
    const f = this.frameOf(c);
    const image = this.images.get(f) as RgbImage;
    if (!this.gains.has(f)) this.gains.set(f, frameGain(image, this.background as RgbImage));
    const t = this.setup.timesNs[Math.max(0, Math.min(this.columns - 1, c))] as Ticks;
    return { t: ticksToSeconds(t - ref), image, gain: this.gains.get(f) as number };
  }

  /** Across-coordinates (image pixels) of a span's composite rows. */
  across(span: ObjectSpan): [number, number] {
    const a0 = this.setup.geometry.acrossOfRow(span.top);
    const a1 = this.setup.geometry.acrossOfRow(span.bottom);
    return [Math.min(a0, a1), Math.max(a0, a1)];
  }

  /** Which way a span moves: where it lies before its first touch and a few frames later. */
  signOf(span: ObjectSpan): 1 | -1 {
    const { geometry, threshold } = this.setup;
    const ref = this.setup.timesNs[span.firstColumn] as Ticks;
    const before = this.at(span.firstColumn - 1, ref);
    const after = this.at(signAfter(span), ref);
    return motionSign(before, after, this.background as RgbImage, geometry, this.across(span), this.window, threshold);
  }

  /** Fits a span's crossing from the frames of columns [from, to) (loaded before). */
  fit(span: ObjectSpan, sign: 1 | -1, from: number, to: number): Attempt {
    const ref = this.setup.timesNs[span.firstColumn] as Ticks;
    return { span, sign, from, to, ref, fit: fitCrossing(this.fitInput(span, sign, from, to, ref)) };
  }

  /** What a fit of a span reads: its frames (times relative to `ref`), the background, its rows, the band. */
  fitInput(span: ObjectSpan, sign: 1 | -1, from: number, to: number, ref: Ticks): FitInput {
    const { geometry, threshold } = this.setup;
    const frames: FrameAt[] = [];
    for (let c = Math.max(0, from); c < Math.min(this.columns, to); c++) frames.push(this.at(c, ref));
    return { frames, background: this.background as RgbImage, geometry, across: this.across(span), sign, window: this.window, threshold };
  }
}

/**
 * The column whose frame shows which way an object went, against the one before its first touch: the last of its
 * first fit's frames (it has moved on by then; a frame after it left the line would cost a decode of its own).
 */
function signAfter(span: ObjectSpan): number {
  return Math.min(span.lastColumn + 1, span.firstColumn + FIT_FRAMES_FROM - 1);
}

/** The columns a first fit of an object uses. */
export function firstRange(o: Pick<CompositeObject, 'firstColumn'>): { from: number; to: number } {
  return { from: o.firstColumn - FIT_FRAMES_BEFORE, to: o.firstColumn + FIT_FRAMES_FROM };
}
