/**
 * The FFmpeg side of the capture screen's camera card: the cameras FFmpeg can read on this computer (USB cameras by
 * v4l2, dshow or avfoundation, listed with their modes by the service) and a network address (rtsp://, udp://,
 * http://), and the finish line typed as a pixel column or a segment (the picture is the stream's; its live line
 * image shows below once recording or armed). Every frame is kept as the camera sent it.
 */
import { useEffect, useState } from 'react';
import type { CaptureDevice, StreamSource } from '../../../app/api/methods/capture.js';
import { parseLineSpec } from '../../../app/domain/line/finish-line.js';
import type { FinishLine } from '../../../app/domain/race/evidence.js';
import { rendererApi } from '../api/index.js';

export interface StreamChoice {
  source: StreamSource | null;
  line: FinishLine | null;
}

/** The FFmpeg devices, asked once per screen (empty without ffmpeg, or where it lists none). */
export function useCaptureDevices(): CaptureDevice[] | null {
  const [devices, setDevices] = useState<CaptureDevice[] | null>(null);
  useEffect(() => {
    let live = true;
    rendererApi.api
      .listCaptureDevices({})
      .then((d) => live && setDevices(d))
      .catch(() => live && setDevices([]));
    return () => {
      live = false;
    };
  }, []);
  return devices;
}

const modeText = (m: CaptureDevice['modes'][number]) => `${m.codec} ${m.width}×${m.height}${m.maxFps ? ` up to ${m.maxFps} frames/s` : ''}`;

export function StreamSourceFields({ device, disabled, onChange }: { device: CaptureDevice | null; disabled: boolean; onChange(choice: StreamChoice): void }) {
  const [address, setAddress] = useState('udp://127.0.0.1:5000');
  const [modeIndex, setModeIndex] = useState(0);
  const [lineText, setLineText] = useState('640');
  const compressed = device?.modes.filter((m) => m.codec === 'mjpeg' || m.codec === 'h264') ?? [];
  const mode = compressed[modeIndex] ?? null;
  let line: FinishLine | null = null;
  let lineError: string | null = null;
  try {
    line = parseLineSpec(lineText, 'finish line');
  } catch (err) {
    lineError = err instanceof Error ? err.message : String(err);
  }
  const source: StreamSource | null = device
    ? { input: device.input, format: device.format, label: device.name, ...(mode ? { width: mode.width, height: mode.height, ...(mode.maxFps ? { rate: mode.maxFps } : {}) } : {}) }
    : address.trim()
      ? { input: address.trim(), label: address.trim() }
      : null;
  const key = JSON.stringify([source, line]);
  useEffect(() => onChange({ source, line }), [key]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="stream-source" data-testid="stream-source">
      <div className="row capture-pickers">
        {device ? (
          <label>
            Mode
            <select value={modeIndex} onChange={(e) => setModeIndex(Number(e.target.value))} disabled={disabled || compressed.length === 0} data-testid="stream-mode">
              {compressed.length === 0 ? <option>the camera’s own</option> : compressed.map((m, i) => <option key={modeText(m)} value={i}>{modeText(m)}</option>)}
            </select>
          </label>
        ) : (
          <label>
            Network address
            <input value={address} onChange={(e) => setAddress(e.target.value)} disabled={disabled} placeholder="rtsp://camera/stream, udp://0.0.0.0:5000, http://camera/video.mjpg" data-testid="stream-address" />
          </label>
        )}
        <label>
          Finish line
          <input value={lineText} onChange={(e) => setLineText(e.target.value)} disabled={disabled} aria-invalid={lineError !== null} data-testid="stream-line" />
        </label>
      </div>
      <p className="muted small">
        {lineError ?? 'A pixel column (640) copied exactly, or a segment X1,Y1,X2,Y2 sampled along it.'} FFmpeg keeps every frame as the camera sends it (MJPEG frames, or the H.264 stream) with the stream’s own timestamps; the line’s pixels show below as the race is recorded.
      </p>
    </div>
  );
}
