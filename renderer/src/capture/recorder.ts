/**
 * The recorder behind the capture screen, for one opened camera: reads its frames into the capture engine, whose
 * workers read the line and encode the JPEGs, draws the live image, and hands Record/Stop/Arm/F to the action
 * registry (session/capture.ts). Status changes of mode reach the screen at once; the counters a few times a second.
 */
import type { CaptureBuildPlan } from '../../../app/domain/capture/capture-folder.js';
import type { CaptureStopped } from '../../../app/domain/capture/capture-results.js';
import { planSamples } from '../../../app/domain/line/finish-line.js';
import type { TriggerSettings } from '../../../app/domain/capture/motion-trigger.js';
import type { FinishLine } from '../../../app/domain/race/evidence.js';
import { rendererApi } from '../api/index.js';
import { setCaptureControls, setRecorderMode } from '../session/capture.js';
import { CaptureEngine, type CaptureStatus, type CaptureView } from './capture-engine.js';
import { FrameWorkerPool } from './frame-workers.js';
import { LiveComposite } from './live-composite.js';
import { readTrack } from './track-reader.js';

/**
 * JPEG quality of the recorded frames: 0.92 keeps the line's pixels within a few grey levels of the camera's at
 * about 200 KB per 720p frame (README, "Live capture", for the numbers against PNG, WebP and raw frames).
 */
export const JPEG_QUALITY = 0.92;
const STATUS_EVERY_MS = 200;

export interface OpenedCamera {
  stream: MediaStream;
  track: MediaStreamTrack;
  label: string;
  width: number;
  height: number;
  frameRate: number;
}

export interface Recorder {
  setLine(line: FinishLine): void;
  close(): void;
}

export interface RecorderOptions {
  camera: OpenedCamera;
  line: FinishLine;
  canvas: HTMLCanvasElement;
  /** Whether the live image grows leftwards (competitors crossing left to right), read when a recording starts. */
  mirror(): boolean;
  plan(): CaptureBuildPlan;
  /** The pre-trigger and stop-after times the official set, read when the trigger is armed. */
  trigger(): Pick<TriggerSettings, 'preTrigger' | 'stopAfter'>;
  onStatus(status: CaptureStatus): void;
  onStopped(result: CaptureStopped | { error: unknown }): void;
}

/** What benchmarks and end-to-end tests read from the page (`window.__photofinishCapture`). */
export interface CaptureProbe {
  /** Camera time (µs) of every column put on screen, and when (performance.now()). */
  painted: { us: number; at: number }[];
  status(): CaptureStatus;
}

export function startRecorder(opts: RecorderOptions): Recorder {
  const { camera } = opts;
  let line = opts.line;
  const probe: CaptureProbe = { painted: [], status: () => engine.status() };
  (globalThis as { __photofinishCapture?: CaptureProbe }).__photofinishCapture = probe;
  const makeComposite = () =>
    new LiveComposite(opts.canvas, {
      rows: planSamples(line, camera.width, camera.height).rows,
      mirror: opts.mirror(),
      onPainted: (us, at) => {
        for (const u of us) probe.painted.push({ us: u, at });
        if (probe.painted.length > 50_000) probe.painted.splice(0, 25_000);
      },
    });
  let composite = makeComposite();
  // A recording starts on a fresh image, with the rows and direction of that moment.
  const view: CaptureView = {
    reset: () => {
      composite.dispose();
      composite = makeComposite();
      probe.painted = [];
    },
    column: (c, us) => composite.column(c, us),
    gap: (frames) => composite.gap(frames),
    mark: () => composite.mark(),
  };

  let mode = 'idle';
  let latest: CaptureStatus | null = null;
  const timer = setInterval(() => {
    if (latest) opts.onStatus(latest);
    latest = null;
  }, STATUS_EVERY_MS);

  const cameraFacts = () => ({ label: camera.label.slice(0, 200), width: camera.width, height: camera.height, frameRate: camera.frameRate || null });
  const engine = new CaptureEngine({
    api: rendererApi.api,
    makePool: (l, listener) => new FrameWorkerPool({ line: l, width: camera.width, height: camera.height, quality: JPEG_QUALITY }, listener),
    line,
    plan: () => ({ plan: opts.plan(), camera: cameraFacts() }),
    view,
    onChange: (status) => {
      if (status.mode !== mode) {
        mode = status.mode;
        setRecorderMode(status.mode);
        opts.onStatus(status);
        latest = null;
      } else latest = status;
    },
    onStopped: opts.onStopped,
  });
  setRecorderMode('idle');
  const reader = readTrack(camera.track, (frame) => engine.frame(frame));
  setCaptureControls({
    record: () => engine.record(),
    stop: () => engine.stop(),
    // Checked before arming: a trigger must never fire into a race folder that is taken.
    arm: () =>
      void rendererApi.api.checkCapture({ plan: opts.plan(), camera: cameraFacts() }).then(
        () => {
          engine.setTrigger(opts.trigger());
          engine.arm();
        },
        (error: unknown) => opts.onStopped({ error }),
      ),
    disarm: () => engine.disarm(),
    mark: () => engine.mark(),
  });

  return {
    setLine(next) {
      line = next;
      engine.setLine(next);
      view.reset();
    },
    close() {
      clearInterval(timer);
      reader.stop();
      engine.close();
      composite.dispose();
      setCaptureControls(null);
    },
  };
}
