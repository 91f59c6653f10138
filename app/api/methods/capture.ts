/**
 * Live capture from a camera at the line: the renderer reads the camera, and every recorded frame (encoded in the
 * page) comes here to be written as a frame folder; on Stop the race is built by the same build job as any
 * footage. A capture interrupted by a crash is listed on the next start and can be built then.
 */
import { z } from 'zod';
import { binaryMethod, method } from '../define.js';
import { captureBuildPlan, captureCamera, captureMarker } from '../../domain/capture/capture-folder.js';
import type { CaptureStarted, CaptureStopped, FrameReceipt, UnfinishedCapture } from '../../domain/capture/capture-results.js';
import type { CaptureCamera } from '../../domain/capture/capture-folder.js';
import type { CaptureDevice } from '../../domain/capture/device-list.js';
import type { JobStarted } from '../types.js';
import { filePath } from './app.js';

export type { CaptureColumns, CaptureStarted, CaptureStopped, FrameReceipt, UnfinishedCapture } from '../../domain/capture/capture-results.js';
export type { CaptureDevice, DeviceMode } from '../../domain/capture/device-list.js';

export const captureId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a capture id');
/** A frame as big as a lossless 4K picture; a 720p JPEG is about 0.15 MB. */
export const MAX_CAPTURE_FRAME_BYTES = 32 * 1024 * 1024;

/** An FFmpeg source: a device (with its format and, optionally, mode) or a network address. */
export const streamSource = z.object({
  input: z.string().trim().min(1).max(4096),
  format: z.string().regex(/^[a-z0-9_]{1,32}$/, 'not an ffmpeg input format').optional(),
  width: z.number().int().positive().max(16384).optional(),
  height: z.number().int().positive().max(16384).optional(),
  rate: z.number().positive().max(10000).optional(),
  label: z.string().max(200).optional(),
  /** Who runs the recording (kept in capture.json). */
  by: z.string().max(200).optional(),
});
export type StreamSource = z.infer<typeof streamSource>;

export const streamTrigger = z.object({
  /** Seconds kept from before the trigger (0–5). */
  preTriggerS: z.number().min(0).max(5),
  /** Seconds of stillness on the line that stop the recording (0.5–30). */
  stopAfterS: z.number().min(0.5).max(30),
});

export const captureMethods = {
  /** The cameras FFmpeg can read here (v4l2, dshow or avfoundation), each with its modes; empty without ffmpeg. */
  listCaptureDevices: method(z.object({})).returns<CaptureDevice[]>(),
  /**
   * Starts recording from an FFmpeg source into the plan's frame folder (resolves at its first frame); the live
   * picture comes as `capture-columns` events, the end (if the stream stops by itself) as `capture-ended`. With a
   * trigger, frames are held (the pre-trigger) until movement on the line starts the recording. Stop and F marks
   * are `stopCapture` and `markCapture`, as for the browser's cameras.
   */
  startStreamCapture: method(z.object({ plan: captureBuildPlan, source: streamSource, trigger: streamTrigger.optional() })).returns<CaptureStarted & { camera: CaptureCamera }>(),
  /** A new folder to save a recorded race in (the app's races folder, named after the race and the time). */
  suggestCaptureFolder: method(z.object({ name: z.string().max(200).default('') })).returns<{ out: string }>(),
  /** Checks the plan (race folder free, line inside the picture, start list readable) and opens the frame folder. */
  startCapture: method(z.object({ plan: captureBuildPlan, camera: captureCamera })).returns<CaptureStarted>(),
  /** The same checks without opening anything: before arming, so a trigger never fires into a plan that fails. */
  checkCapture: method(z.object({ plan: captureBuildPlan, camera: captureCamera })).returns<void>(),
  writeCaptureFrame: binaryMethod(
    z.object({ captureId, seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), captureUs: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
    { maxBytes: MAX_CAPTURE_FRAME_BYTES },
  ).returns<FrameReceipt>(),
  /** The F key (a manual trigger time) or a motion trigger's start/stop, on the camera's clock. */
  markCapture: method(z.object({ captureId, marker: captureMarker })).returns<void>(),
  /** Ends the recording and starts building the race from it. */
  stopCapture: method(z.object({ captureId })).returns<CaptureStopped>(),
  listUnfinishedCaptures: method(z.object({})).returns<UnfinishedCapture[]>(),
  /** Builds a capture the app did not get to build (it closed or crashed while recording). */
  buildCapture: method(z.object({ folder: filePath })).returns<JobStarted>(),
  /** Stops offering a capture for building; its files stay where they are. */
  forgetCapture: method(z.object({ folder: filePath })).returns<void>(),
};
