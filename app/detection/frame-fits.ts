/**
 * Source frames for the detector's fits, and one fit of an object's crossing from them: the still background (per
 * pixel median of frames spread over the recording, in the band around the line), each frame's exposure gain, and
 * the frames around an object's first touch of the line, loaded in batches (one reader call for everything a round
 * of fits needs: a video is decoded once per call).
 */
import type { CompositeObject } from '../domain/detection/composite-objects.js';
import { cropToBand, medianBackground, type Band } from '../domain/detection/background.js';
import { fitCrossing, frameGain, motionSign, type CrossingFit, type FitInput, type FrameAt, type RgbImage } from '../domain/detection/front-fit.js';
import { noiseOfRows } from '../domain/detection/road-noise.js';
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
/**
 * A threshold from the frames' noise (`quietThreshold`) lies this many times over it: the composite's rule (4.5 times a
 * row's noise, a fit using four fifths of it). On the tuning set's mirror car 3.5–4.5 read it alike; 5 missed its
 * front again.
 */
const NOISE_TIMES = 0.8 * 4.5;
/** The least threshold (0–255 colour distance): clean, uncompressed frames measure next to no noise. */
const MIN_THRESHOLD = 6;
/** Band images kept between loads (about 150 frames of a 720p band, 100 of a 1080p one). */
const KEEP_BYTES = 128 * 1024 * 1024;

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
  /** Band images of the frames read, in the order read; `heldBytes` is their size. */
  private readonly images = new Map<number, RgbImage>();
  private heldBytes = 0;
  private readonly gains = new Map<number, number>();
  private background: RgbImage | null = null;
  /** The background's frames, kept for the noise of a body's rows (`quietThreshold`): 25 band images, 33 MB at most (1080p). */
  private noiseFrames: FrameAt[] = [];
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

  /**
   * The still background, from frames spread over the recording, on the lines these spans cover (and a few either
   * side) and every fourth line of the band for the frames' exposure gains (measured where the objects mostly are
   * not). Called once, with every object the fits will read, before any `load`.
   */
  async prepareBackground(spans: readonly ObjectSpan[]): Promise<void> {
    const backgroundFrames = await this.backgroundFrames();
    await this.readMissing(new Set(backgroundFrames));
    const { geometry, manifest } = this.setup;
    const acrossMax = geometry.motionAxis === 'x' ? manifest.source.height : manifest.source.width;
    const objectLines = spans.map((s) => this.across(s)).map(([a, b]) => [Math.floor(a) - 3, Math.ceil(b) + 3] as [number, number]);
    const gainLines = Array.from({ length: Math.ceil(acrossMax / 4) }, (_, k) => [4 * k, 4 * k] as [number, number]);
    this.background = medianBackground(
      backgroundFrames.map((f) => this.images.get(f) as RgbImage),
      { axis: geometry.motionAxis, ranges: [...objectLines, ...gainLines] },
    );
    this.noiseFrames = backgroundFrames.map((f) => ({ t: 0, image: this.images.get(f) as RgbImage, gain: 1 }));
  }

  /**
   * A threshold for these rows from the frames' own noise there (road-noise.ts), NOISE_TIMES over it (the
   * composite's rows: 4.5 times theirs, less a fifth for a fit), or null when that is no lower than the one set from
   * the composite (a chequered line or lane lines push that up, over what a body the colour of the road shows).
   */
  quietThreshold(across: readonly [number, number]): number | null {
    const background = this.background as RgbImage;
    const frames = this.noiseFrames.map((f) => ({ ...f, gain: frameGain(f.image, background) }));
    const noise = noiseOfRows(frames, background, this.setup.geometry, across, this.window);
    if (noise === null) return null;
    const quiet = Math.max(MIN_THRESHOLD, NOISE_TIMES * noise);
    return quiet < this.setup.threshold ? quiet : null;
  }

  /** The frames `fit` will need for these spans, read in one call (a video is decoded once for all of them). */
  async load(needs: readonly { span: ObjectSpan; from: number; to: number }[]): Promise<void> {
    await this.readMissing(new Set(needs.flatMap((n) => this.framesOf(n))));
  }

  /** The frames a fit of this span over columns [from, to) reads, with the two that tell its direction. */
  framesOf(n: { span: ObjectSpan; from: number; to: number }): number[] {
    const frames = [this.frameOf(n.span.firstColumn - 1), this.frameOf(signAfter(n.span))];
    for (let c = n.from; c < n.to; c++) frames.push(this.frameOf(c));
    return frames;
  }

  /** Bands of one frame: how many fit in the memory kept between loads. */
  get framesKept(): number {
    return Math.max(1, Math.floor(KEEP_BYTES / this.bandBytes()));
  }

  private bandBytes(): number {
    const { width, height } = this.setup.manifest.source;
    const w = Math.min(width, Math.ceil(this.band.x1)) - Math.max(0, Math.floor(this.band.x0));
    const h = Math.min(height, Math.ceil(this.band.y1)) - Math.max(0, Math.floor(this.band.y0));
    return Math.max(1, w * h * 3);
  }

  /**
   * Reads the wanted frames not held yet. Held frames no fit of this load wants are dropped first, oldest first,
   * while what is held and coming would be over KEEP_BYTES (they are read again should a later fit want them):
   * memory stays bounded however many objects the composite shows.
   */
  private async readMissing(wanted: ReadonlySet<number>): Promise<void> {
    const missing = [...wanted].filter((f) => !this.images.has(f));
    if (missing.length === 0) return;
    const coming = missing.length * this.bandBytes();
    for (const [f, image] of this.images) {
      if (this.heldBytes + coming <= KEEP_BYTES) break;
      if (wanted.has(f)) continue;
      this.images.delete(f);
      this.heldBytes -= image.data.byteLength;
    }
    for (const [f, image] of await this.read(missing, this.band)) {
      const band = cropToBand(image, this.band);
      this.images.set(f, band);
      this.heldBytes += band.data.byteLength;
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
    const image = this.images.get(f);
    if (!image) throw new Error(`frame ${f} was not loaded before its fit`);
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
  fit(span: ObjectSpan, sign: 1 | -1, from: number, to: number, threshold = this.setup.threshold): Attempt {
    const ref = this.setup.timesNs[span.firstColumn] as Ticks;
    return { span, sign, from, to, ref, fit: fitCrossing(this.fitInput(span, sign, from, to, ref, threshold)) };
  }

  /** What a fit of a span reads: its frames (times relative to `ref`), the background, its rows, the band. */
  fitInput(span: ObjectSpan, sign: 1 | -1, from: number, to: number, ref: Ticks, threshold = this.setup.threshold): FitInput {
    const { geometry } = this.setup;
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
