/**
 * Capture slice: what the recorder on the capture screen is doing, so the actions (Record, Stop, Arm, the F key)
 * know whether they apply; the recorder itself (camera, workers, live image) lives outside the store, reached
 * through `captureControls` like the viewer through its handle.
 */
import { setSlice, type SessionState } from './state.js';

export type RecorderMode = SessionState['capture']['mode'];

export interface CaptureControls {
  record(): void;
  stop(): void;
  arm(): void;
  disarm(): void;
  mark(): void;
}

let controls: CaptureControls | null = null;

/** The capture screen registers its recorder here while it is up (null when it goes). */
export function setCaptureControls(next: CaptureControls | null): void {
  controls = next;
  if (!next) setSlice('capture', { mode: 'none' });
}

export function captureControls(): CaptureControls | null {
  return controls;
}

export function setRecorderMode(mode: RecorderMode): void {
  setSlice('capture', { mode });
}

export const selectRecorderMode = (s: SessionState) => s.capture.mode;
const onCaptureScreen = (s: SessionState) => s.navigation.screen.kind === 'capture';
export const selectCanRecord = (s: SessionState) => onCaptureScreen(s) && (s.capture.mode === 'idle' || s.capture.mode === 'armed');
export const selectRecording = (s: SessionState) => onCaptureScreen(s) && s.capture.mode === 'recording';
export const selectCanArm = (s: SessionState) => onCaptureScreen(s) && s.capture.mode === 'idle';
export const selectArmed = (s: SessionState) => onCaptureScreen(s) && s.capture.mode === 'armed';
