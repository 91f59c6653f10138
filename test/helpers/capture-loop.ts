/**
 * Child process for the capture kill test: records frames into a new capture folder as fast as the writer takes
 * them, printing how many are written after each, until it is killed. Usage: node --import tsx capture-loop.ts DIR
 */
import { CaptureWriter } from '../../app/capture/capture-writer.js';
import { encodeFrame } from '../fixtures/synthetic-frames.js';
import { captureRecordFor, CAPTURE_TEST_CAMERA } from './capture-fixture.js';

const folder = process.argv[2] as string;
const spec = { ...CAPTURE_TEST_CAMERA, frames: 1, format: 'jpeg' as const };
const frames = await Promise.all([0, 1, 2, 3].map((f) => encodeFrame(spec, f)));
const writer = await CaptureWriter.create(folder, captureRecordFor(folder));
for (let seq = 0; ; seq++) {
  const receipt = writer.offer({ seq, captureUs: 1_000_000 + seq * 8_333, bytes: frames[seq % 4] as Buffer });
  // Let the writes run: a real recording's frames come from the network, not in one synchronous burst.
  await new Promise((resolve) => setImmediate(resolve));
  process.stdout.write(`${receipt.written}\n`);
}
