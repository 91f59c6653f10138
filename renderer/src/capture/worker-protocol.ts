/**
 * Messages between the capture engine (page) and its frame workers. A VideoFrame is transferred to a worker, which
 * draws it once and answers twice: first the finish line's pixels and the band's brightness (for the live image and
 * the motion trigger: fast, so the column is on screen within a frame or two), then the frame as JPEG (for disk).
 */
import type { FinishLine } from '../../../app/domain/race/evidence.js';

export interface WorkerConfig {
  type: 'configure';
  line: FinishLine;
  width: number;
  height: number;
  /** JPEG quality 0–1 (see the README's capture section for why JPEG and this quality). */
  quality: number;
}

export interface FrameJob {
  type: 'frame';
  /** The engine's running number for frames handed to workers (answers are put back in this order). */
  index: number;
  frame: VideoFrame;
  /** Whether the frame is to be kept (recording or armed); otherwise only its line and band are read. */
  encode: boolean;
}

export type ToWorker = WorkerConfig | FrameJob;

export type FromWorker =
  /** The line's pixels (RGBA, one per composite row) and the band's brightness, right after drawing. */
  | { type: 'lines'; index: number; column: Uint8Array; luma: Uint8Array }
  | { type: 'encoded'; index: number; bytes: ArrayBuffer }
  /** The job is over (after `encoded`, or after `lines` when nothing was to be encoded). */
  | { type: 'done'; index: number }
  | { type: 'failed'; index: number; message: string };
