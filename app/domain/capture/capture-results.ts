/**
 * What the capture operations hand back (the API re-exports these): the engine layers build them, so they live in
 * the domain like the build request and the results report.
 */
import type { CaptureSummary } from './capture-folder.js';

export interface CaptureStarted {
  captureId: string;
  /** Where the frames are written (the race's source). */
  folder: string;
}

export interface FrameReceipt {
  /** False when the writer's queue was full: the frame was not kept (counted in droppedBusy). */
  accepted: boolean;
  written: number;
  queued: number;
  droppedBusy: number;
}

export interface CaptureStopped {
  folder: string;
  summary: CaptureSummary;
  /** The build job (follow it with job-progress / job-finished events, as for any build). */
  jobId: string;
}

export interface UnfinishedCapture {
  folder: string;
  name: string;
  out: string;
  /** As chosen before recording: the workspace shows the race mirrored when competitors crossed left to right. */
  travel: 'right-to-left' | 'left-to-right';
  startedAt: string;
  /** Frames with a time line, as found on disk. */
  frames: number;
  /** True when the recording never ended normally (the app closed or crashed while recording). */
  interrupted: boolean;
}

/** A batch of an FFmpeg capture's live columns (a few per event, so a 120 frames/s camera is a few dozen events a second). */
export interface CaptureColumns {
  /** Samples per column (the finish line's length in pixels). */
  rows: number;
  /** Each column's exact time on the stream's clock (integer ns as text), and the same in µs (as F marks take it). */
  timesNs: string[];
  captureUs: number[];
  /** RGB, `rows` × 3 bytes per column, columns one after another, base64. */
  rgb: string;
  /** Frames lost just before a column's time: a step in the timestamps (camera, network) or a disk that fell behind. */
  losses: { timeNs: string; missing: number; cause: 'camera' | 'disk' }[];
  /** Totals so far: frames kept, frames lost, the measured rate (frames/s, null until known). */
  frames: number;
  missing: number;
  rate: number | null;
  /** Trigger state when armed: waiting for movement, or recording. */
  trigger: 'off' | 'armed' | 'recording';
}
