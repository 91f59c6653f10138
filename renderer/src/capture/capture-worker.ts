/**
 * A frame worker (see worker-protocol.ts). Draws each VideoFrame into its own OffscreenCanvas and closes it at once
 * (a camera has only a few buffers: a frame held is a frame the camera cannot fill), reads the finish line with the
 * engine's own sampler (the same positions and bilinear weights the build uses), the motion band's brightness, and
 * then encodes the JPEG off the page's thread. Jobs run one after another: the canvas is the frame until encoded.
 */
import { planSamples, sampleRegion, type SamplePlan } from '../../../app/domain/line/finish-line.js';
import { bandLuma, planBand, type BandPlan } from '../../../app/domain/capture/motion-band.js';
import type { FromWorker, ToWorker, WorkerConfig } from './worker-protocol.js';

interface Setup {
  config: WorkerConfig;
  plan: SamplePlan;
  band: BandPlan;
  canvas: OffscreenCanvas;
  ctx: OffscreenCanvasRenderingContext2D;
}

let setup: Setup | null = null;
let queue: Promise<void> = Promise.resolve();
/** The worker's own scope, typed here: the renderer compiles with the DOM library, not the worker one. */
interface WorkerScope {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

function configure(config: WorkerConfig): Setup {
  const canvas = new OffscreenCanvas(config.width, config.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true, alpha: false });
  if (!ctx) throw new Error('no 2D canvas in the worker');
  return { config, plan: planSamples(config.line, config.width, config.height), band: planBand(config.line, config.width, config.height), canvas, ctx };
}

const bytesOf = (image: ImageData) => new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);

async function run(s: Setup, index: number, frame: VideoFrame, encode: boolean): Promise<void> {
  try {
    s.ctx.drawImage(frame, 0, 0, s.config.width, s.config.height);
  } finally {
    frame.close();
  }
  const r = s.plan.region;
  const region = bytesOf(s.ctx.getImageData(r.left, r.top, r.width, r.height));
  const column = new Uint8Array(s.plan.rows * 4);
  sampleRegion(s.plan, region, 4, column, 0);
  const b = s.band.region;
  const luma = bandLuma(s.band, bytesOf(s.ctx.getImageData(b.left, b.top, b.width, b.height)));
  post({ type: 'lines', index, column, luma }, [column.buffer, luma.buffer]);
  if (encode) {
    const blob = await s.canvas.convertToBlob({ type: 'image/jpeg', quality: s.config.quality });
    const bytes = await blob.arrayBuffer();
    post({ type: 'encoded', index, bytes }, [bytes]);
  }
  post({ type: 'done', index });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'configure') {
    setup = configure(message);
    return;
  }
  const s = setup;
  queue = queue.then(async () => {
    try {
      if (!s) throw new Error('frame before configure');
      await run(s, message.index, message.frame, message.encode);
    } catch (err) {
      message.frame.close();
      post({ type: 'failed', index: message.index, message: err instanceof Error ? err.message : String(err) });
    }
  });
};
