/**
 * One interface for every kind of footage: a folder of frames, a video, an animated GIF, a native line-scan image.
 * The build asks a source for the pixels of one rectangle (the finish line's bounding box) of every frame, in
 * order; the inspector asks for whole frames. Sources never hold all frames in memory at once unless the whole
 * file is a single bounded image (GIF, line-scan).
 */
import type { EvidenceFile, SourceKind } from '../../domain/race/evidence.js';
import type { Region } from '../../domain/line/finish-line.js';
import type { Ticks } from '../../domain/time/ticks.js';
import type { PixelFormat, Samples } from '../pixels.js';

export type RegionResult =
  | {
      index: number;
      /** The region's samples, row-major, interleaved channels. */
      pixels: Samples;
      /** For frame folders: the file, hashed while it was read. */
      file?: EvidenceFile;
    }
  | { index: number; bad: string; file?: EvidenceFile };

export interface ReadOptions {
  signal?: AbortSignal;
  /** Frames that cannot be decoded are reported as `bad` instead of failing the read. */
  skipBad: boolean;
}

export interface FrameSource {
  readonly kind: SourceKind;
  /** Absolute path of the folder or file. */
  readonly path: string;
  readonly description: string;
  readonly width: number;
  readonly height: number;
  readonly format: PixelFormat;
  /** Frames for area-scan sources; columns (lines) for a native line-scan image. */
  readonly frameCount: number;
  /** File name of each frame (folders) or a label ("frame 12"), for messages and timestamps files. */
  frameName(index: number): string;
  /** Times the source carries without decoding (GIF delays; video packet timestamps as probed). */
  readonly ownTimes: { kind: 'video' | 'gif-delays'; times: Ticks[] } | null;
  /** Which decoder produced the pixels (recorded in the manifest; the inspector decodes frames the same way). */
  readonly decoder?: 'sharp' | 'ffmpeg';
  /** Native line-scan: every column is already one line; the finish line does not apply. */
  readonly isLineScan: boolean;
  /** Reads `region` of every frame, in order. */
  readRegions(region: Region, options: ReadOptions): AsyncIterable<RegionResult>;
  /** Whole frame as raw samples (inspector, set-up view). */
  readFrame(index: number): Promise<{ pixels: Samples; width: number; height: number; format: PixelFormat }>;
  /** Times read while decoding (video presentation timestamps of the decoded frames), once readRegions has ended. */
  decodedTimes?(): Ticks[];
  /** A video whose file ends before its container says (known once readRegions has ended, with skipBad). */
  cutShort?(): { missingNs: Ticks; untilNs: Ticks; label: string } | null;
  /** Evidence files whose hashes do not come out of readRegions (video, GIF, line-scan image). */
  hashFiles(signal?: AbortSignal): Promise<EvidenceFile[]>;
  close(): Promise<void>;
}
