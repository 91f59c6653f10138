/** What the recorder is doing, in one line: the running time and frames while recording, and every frame lost. */
import type { CaptureStatus } from '../capture/capture-engine.js';

function seconds(ns: bigint | null): string {
  return ns === null ? '0.000' : (Number(ns) / 1e9).toFixed(3);
}

export function CaptureStatusLine({ status, preTriggerS }: { status: CaptureStatus | null; preTriggerS: number }) {
  if (!status) return <span className="capture-status muted" data-testid="capture-status">Starting the recorder…</span>;
  const lost = status.lost.camera + status.lost.app + status.lost.writer;
  const losses = lost
    ? ` · lost ${lost} (camera ${status.lost.camera}, this computer ${status.lost.app}, disk ${status.lost.writer})`
    : ' · no frame lost';
  let text: string;
  switch (status.mode) {
    case 'idle':
      text = status.error ? `Stopped: ${status.error}` : 'Ready: press Record, or Arm to record when something crosses the line.';
      break;
    case 'armed':
      text = `Armed: recording starts when something enters the band around the line (with the ${preTriggerS} s before it).`;
      break;
    case 'recording':
      text = `Recording ${seconds(status.elapsedNs)} s · ${status.recorded.toLocaleString()} frames${losses}`;
      break;
    case 'stopping':
      text = `Stopping: writing the last frames… ${status.recorded.toLocaleString()} frames${losses}`;
      break;
  }
  // A problem that does not end the recording (a trigger mark not saved) stays in view while it goes on.
  if (status.error && status.mode !== 'idle') text += ` · ${status.error}`;
  return (
    <span className={`capture-status${status.mode === 'recording' ? ' recording' : ''}${lost ? ' lossy' : ''}`} data-testid="capture-status" aria-live="polite">
      {/* The red dot is decoration: read aloud, the line starts with "Recording". */}
      {status.mode === 'recording' ? <span aria-hidden="true">● </span> : null}
      {text}
    </span>
  );
}
