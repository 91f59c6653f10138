/**
 * Everything a build checks before it writes a byte: the output folder, the source (size, format, first frame),
 * the timestamps file, the rate, the finish line. Every refusal here is a one-line UserError naming the file.
 */
import path from 'node:path';
import type { RaceBuildRequest } from '../../domain/race/build-request.js';
import { UserError } from '../../domain/errors.js';
import { defaultLine, fitLineToFrame, planSamples, type SamplePlan } from '../../domain/line/finish-line.js';
import type { FinishLine } from '../../domain/race/evidence.js';
import type { Ticks } from '../../domain/time/ticks.js';
import { listFrameFiles, openSource, sourceShape } from '../sources/open-source.js';
import type { FrameSource } from '../sources/source.js';
import { readCaptureSidecar, type CaptureSidecar } from './capture-sidecar.js';
import { STREAM_FILE } from '../../domain/capture/capture-folder.js';
import { planOutput, refuseInputsInsideReplaced, type OutputPlan } from './race-output.js';
import { orderFramesByTimestamps, planTiming, readTimestampsFile, timesByFrameNumber, type TimePlan, type TimestampsFile } from './timing.js';

export interface PreparedBuild {
  request: RaceBuildRequest;
  output: OutputPlan;
  source: FrameSource;
  line: FinishLine;
  /** The line as given, where it crossed the frame's edge and `line` is its visible part. */
  lineGiven?: FinishLine;
  samples: SamplePlan;
  time: TimePlan;
  /** A folder recorded live: its capture record, whose trigger marks the evidence carries. */
  capture?: CaptureSidecar;
}

export async function prepareBuild(request: RaceBuildRequest): Promise<PreparedBuild> {
  const output = await planOutput(request.out, request.force, request.replaceCertified === true);
  const sourcePath = path.resolve(request.source);
  const timing = request.timing;
  const inputs = [sourcePath, ...(timing?.kind === 'timestamps' ? [timing.file] : []), ...(request.startList ? [request.startList] : [])];
  await refuseInputsInsideReplaced(output, inputs.map((f) => path.resolve(f)));
  const shape = await sourceShape(sourcePath);
  let ts: TimestampsFile | null = null;
  if (timing?.kind === 'timestamps') ts = await readTimestampsFile(path.resolve(timing.file));

  let order: string[] | undefined;
  let tsTimes: Ticks[] | null = null;
  if (ts && shape === 'folder') {
    const fromFile = orderFramesByTimestamps(sourcePath, await listFrameFiles(sourcePath), ts);
    order = fromFile.order;
    tsTimes = fromFile.times;
  }
  if (shape === 'image' && request.line) throw new UserError(`${sourcePath}: a finish line does not apply to a native line-scan image (each column is already one line)`, 'INVALID_ARGUMENT', { hint: 'no-line-for-linescan' });

  // A stream kept by an FFmpeg capture has its capture.json (the F marks) beside it, like a recorded frame folder.
  const keptStream = shape === 'video' && (Object.values(STREAM_FILE) as string[]).includes(path.basename(sourcePath));
  const capture = shape === 'folder' ? await readCaptureSidecar(sourcePath) : keptStream ? await readCaptureSidecar(path.dirname(sourcePath)) : null;
  const source = await openSource(sourcePath, { ...(order ? { order } : {}), skipBad: request.skipBad });
  try {
    if (source.frameCount < 2) throw new UserError(`${sourcePath}: only ${source.frameCount} frame; a photo finish needs at least two`, 'INVALID_ARGUMENT');
    if (ts && !tsTimes) tsTimes = timesByFrameNumber(ts, source.frameCount, source.isLineScan ? 'column' : 'frame', sourcePath);
    const time = planTiming(source.kind, source.frameCount, timing, source.ownTimes?.times ?? null, ts && tsTimes ? { file: ts, times: tsTimes } : null, sourcePath);

    let line: FinishLine;
    let lineGiven: FinishLine | undefined;
    let samples: SamplePlan;
    if (source.isLineScan) {
      // The image is the composite; column 0 of a one-column "frame" stands for "each column as it is".
      line = { kind: 'column', x: 0 };
      samples = { kind: 'copy', region: { left: 0, top: 0, width: 1, height: source.height }, rows: source.height };
    } else {
      const fitted = fitLineToFrame(request.line ?? defaultLine(source.width), source.width, source.height, source.frameName(0));
      line = fitted.line;
      if (fitted.clipped) lineGiven = request.line;
      samples = planSamples(line, source.width, source.height);
    }
    return { request, output, source, line, ...(lineGiven ? { lineGiven } : {}), samples, time, ...(capture ? { capture } : {}) };
  } catch (err) {
    await source.close();
    throw err;
  }
}
