/**
 * The cameras the system offers and the modes each supports. Browsers report a camera's capabilities as ranges
 * (largest size, highest frame rate), not as a list of modes, so the modes offered are the usual sizes and rates
 * inside those ranges; the camera then says what it really gives (track settings) and the engine measures the
 * rate it really delivers. The default is the highest frame rate at the largest size offered with it.
 */
export interface CameraMode {
  width: number;
  height: number;
  frameRate: number;
}

export interface CameraInfo {
  deviceId: string;
  label: string;
  modes: CameraMode[];
}

const SIZES: readonly [number, number][] = [
  [3840, 2160],
  [2560, 1440],
  [1920, 1080],
  [1280, 720],
  [1024, 576],
  [960, 540],
  [800, 600],
  [640, 480],
  [640, 360],
  [320, 240],
];
const RATES = [240, 120, 100, 90, 60, 50, 30, 25, 15];

interface Range {
  max?: number;
  min?: number;
}

/** Modes inside a camera's capability ranges, highest frame rate first, then largest size. */
export function modesWithin(caps: { width?: Range; height?: Range; frameRate?: Range }): CameraMode[] {
  const maxW = caps.width?.max ?? 640;
  const maxH = caps.height?.max ?? 480;
  const maxRate = Math.floor(caps.frameRate?.max ?? 30);
  const sizes = SIZES.filter(([w, h]) => w <= maxW && h <= maxH);
  if (!sizes.some(([w, h]) => w === maxW && h === maxH)) sizes.unshift([maxW, maxH]);
  const rates = [...new Set([maxRate, ...RATES.filter((r) => r < maxRate)])];
  const modes: CameraMode[] = [];
  for (const frameRate of rates) for (const [width, height] of sizes) modes.push({ width, height, frameRate });
  return modes;
}

export function modeLabel(m: CameraMode): string {
  return `${m.width}×${m.height} at ${m.frameRate} frames/s`;
}

/** The cameras with their modes. Asks for camera access once (needed for names and capabilities). */
export async function listCameras(): Promise<CameraInfo[]> {
  const probe = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  try {
    const devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    const cameras: CameraInfo[] = [];
    for (const [i, d] of devices.entries()) {
      const caps = await capabilitiesOf(d.deviceId, probe);
      cameras.push({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}`, modes: modesWithin(caps) });
    }
    return cameras;
  } finally {
    for (const t of probe.getTracks()) t.stop();
  }
}

async function capabilitiesOf(deviceId: string, open: MediaStream): Promise<MediaTrackCapabilities> {
  const already = open.getVideoTracks().find((t) => t.getSettings().deviceId === deviceId);
  if (already) return already.getCapabilities();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: deviceId } }, audio: false });
  try {
    return stream.getVideoTracks()[0]?.getCapabilities() ?? {};
  } finally {
    for (const t of stream.getTracks()) t.stop();
  }
}

/** Opens the camera in a mode (the camera may give less; its settings say what it gives). */
export async function openCamera(deviceId: string, mode: CameraMode): Promise<{ stream: MediaStream; track: MediaStreamTrack; settings: MediaTrackSettings }> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { deviceId: { exact: deviceId }, width: { ideal: mode.width }, height: { ideal: mode.height }, frameRate: { ideal: mode.frameRate } },
  });
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('the camera gave no picture');
  return { stream, track, settings: track.getSettings() };
}
