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
