/**
 * Service operations of the capture area (see app/api/methods/capture.ts). A recording is one CaptureWriter, found
 * by an opaque id for this run of the app; its folder is remembered in the data folder from the first moment, so a
 * crash is recoverable on the next start. Building goes through the build area's own `startBuild` job: a recorded
 * race gets the same evidence, hashes and time map as any frame folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import { buildRequest } from '../api/methods/build.js';
import type { captureMethods } from '../api/methods/capture.js';
import { forgetCapture, listUnfinishedCaptures, rememberCapture } from '../capture/capture-registry.js';
import { CaptureWriter, refuseTakenFolder } from '../capture/capture-writer.js';
import { readCaptureRecord, recoverCapture } from '../capture/recover-capture.js';
import { CAPTURE_LAYOUT, CAPTURE_SCHEMA, captureFolderFor, type CaptureBuildPlan, type CaptureCamera, type CaptureRecord } from '../domain/capture/capture-folder.js';
import { UserError } from '../domain/errors.js';
import { fitLineToFrame } from '../domain/line/finish-line.js';
import type { FinishLine } from '../domain/race/evidence.js';
import { planOutput } from '../imaging/race-builder/race-output.js';
import { parseStartListFile } from '../store/start-list-file.js';
import { checkWritableFolder } from '../store/write-guard.js';
import type { BuildService } from './build-service.js';
import type { ServiceContext } from './context.js';
import { logWarning } from '../runtime/log.js';
import { FfmpegCapture } from '../capture/ffmpeg/ffmpeg-capture.js';
import { listCaptureDevices } from '../capture/ffmpeg/list-devices.js';
import { recoverStream } from '../capture/ffmpeg/recover-stream.js';
import { STREAM_FILE } from '../domain/capture/capture-folder.js';
import { parseSecondsToTicks } from '../domain/time/ticks.js';
import { ColumnBatcher } from './capture-columns.js';

/** An H.264/HEVC capture keeps the stream, not frames: the build reads that file. */
function keptStreamOf(record: CaptureRecord): keyof typeof STREAM_FILE | null {
  const codec = record.camera.stream?.codec;
  return codec === 'h264' || codec === 'hevc' ? codec : null;
}

const secondsToTicks = (s: number) => parseSecondsToTicks(s.toFixed(6), 'seconds');

export type CaptureService = Pick<PhotofinishService, keyof typeof captureMethods>;

/**
 * A recording that has had no frame and no mark for this long has lost its page (reloaded, closed, crashed: a page
 * recording sends many frames a second until it calls Stop). It is closed as a crash would leave it, so the start
 * screen offers it for building without waiting for the app to restart.
 */
export const ABANDONED_AFTER_MS = 15_000;

/**
 * What a recording needs before its first frame: the race folder free, the line in the picture, a readable start
 * list. An FFmpeg source's picture size is known only once it runs (`camera` null): its line is fitted then.
 */
async function checkPlan(plan: CaptureBuildPlan, camera: CaptureCamera | null, dataDir: string): Promise<{ out: string; line: FinishLine; startList: string | undefined; folder: string }> {
  const out = path.resolve(plan.out);
  // "Save the race in": the write guard's rules (never inside a race folder, e.g. a certified race's evidence/).
  await checkWritableFolder(path.dirname(out), { dataDir });
  await planOutput(out, false);
  // The line as it will be sampled (a segment reaching past the picture is clipped to it, as a build does).
  const { line } = camera ? fitLineToFrame(plan.line, camera.width, camera.height, 'the camera picture') : { line: plan.line };
  const startList = plan.startList ? path.resolve(plan.startList) : undefined;
  // Read now, so a bad start list is found before the race is run, not after.
  if (startList) await parseStartListFile(startList, plan.startListEvent ? { event: plan.startListEvent } : {});
  const folder = captureFolderFor(out);
  // A folder not there yet (or not readable) is no objection here: creating the writer finds out.
  refuseTakenFolder(folder, await readdir(folder).catch(() => []));
  return { out, line, startList, folder };
}

export function createCaptureService(ctx: ServiceContext, build: Pick<BuildService, 'startBuild'>): CaptureService {
  const live = new Map<string, CaptureWriter>();
  /** FFmpeg captures run here, not in a page: they end by Stop, by their trigger, or when the stream ends. */
  const streams = new Map<string, FfmpegCapture>();

  const closeAbandoned = async (): Promise<void> => {
    for (const [id, writer] of live) {
      if (Date.now() - writer.lastActivity <= ABANDONED_AFTER_MS) continue;
      live.delete(id);
      // What could not be written is already counted in the folder (its gaps); the build sets any torn frame aside.
      await writer.abandon().catch((err: unknown) => logWarning(`${writer.folder}: closing an abandoned recording: ${String(err)}`, 'capture'));
    }
  };

  const writerOf = (captureId: string): CaptureWriter => {
    const writer = live.get(captureId);
    if (!writer) throw new UserError(`No recording ${captureId} (it has stopped, or the app was restarted)`, 'NOT_FOUND');
    return writer;
  };

  /** The same build request set-up makes for a frame folder (or a kept stream) with a timestamps file. */
  const startBuildOf = (folder: string, record: CaptureRecord) =>
    build.startBuild(
      buildRequest.parse({
        source: keptStreamOf(record) ? path.join(folder, STREAM_FILE[keptStreamOf(record) as keyof typeof STREAM_FILE]) : folder,
        out: record.build.out,
        line: record.build.line,
        timing: { kind: 'timestamps', file: path.join(folder, CAPTURE_LAYOUT.timestamps) },
        // Every kept frame is decoded by the build: one the camera or the page sent with a sound header but a corrupt
        // body is left out as a gap that names its file (reason bad-frame), and the race is built from the rest.
        skipBad: true,
        name: record.build.name || path.basename(record.build.out),
        sport: record.build.sport,
        ...(record.build.startList ? { startList: record.build.startList } : {}),
        ...(record.build.startList && record.build.startListEvent ? { startListEvent: record.build.startListEvent } : {}),
      }),
    );

  const tooShort = (folder: string, frames: number) =>
    new UserError(`${folder}: ${frames === 0 ? 'no frame was' : frames === 1 ? 'only one frame was' : `only ${frames} frames were`} recorded; a photo finish needs at least two`, 'USER_ERROR');

  return {
    async suggestCaptureFolder({ name }) {
      const dir = path.join(ctx.dataDir, 'races');
      await mkdir(dir, { recursive: true });
      // Letters, digits, spaces and a few marks: a name that is a valid folder name on every system.
      const safe = name.replace(/[^\p{L}\p{N} ._()-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'Race';
      const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '.');
      return { out: path.join(dir, `${safe} ${stamp}`) };
    },
    async checkCapture({ plan, camera }) {
      await checkPlan(plan, camera, ctx.dataDir);
    },
    async startCapture({ plan, camera }) {
      const { out, line, startList, folder } = await checkPlan(plan, camera, ctx.dataDir);
      const record: CaptureRecord = {
        schema: CAPTURE_SCHEMA,
        schemaVersion: 1,
        startedAt: new Date().toISOString(),
        camera,
        build: { ...plan, out, line, ...(startList ? { startList } : {}) },
        markers: [],
      };
      const writer = await CaptureWriter.create(folder, record);
      const captureId = randomBytes(12).toString('base64url');
      live.set(captureId, writer);
      await rememberCapture(ctx.dataDir, folder);
      return { captureId, folder };
    },
    async listCaptureDevices() {
      return listCaptureDevices();
    },
    async startStreamCapture({ plan, source, trigger }) {
      const { out, startList, folder } = await checkPlan(plan, null, ctx.dataDir);
      const captureId = randomBytes(12).toString('base64url');
      const columns = new ColumnBatcher(captureId, ctx.emit);
      // Set before any frame can arrive (ffmpeg's output comes on later turns of the event loop); checked anyway.
      let running: FfmpegCapture | null = null;
      const capture = await FfmpegCapture.start({
        input: source.input,
        format: source.format,
        size: source.width && source.height ? { width: source.width, height: source.height } : undefined,
        rate: source.rate,
        label: source.label,
        by: source.by,
        folder,
        plan: { ...plan, out, ...(startList ? { startList } : {}) },
        trigger: trigger ? { preTrigger: secondsToTicks(trigger.preTriggerS), stopAfter: secondsToTicks(trigger.stopAfterS) } : undefined,
        onColumn: (c) => running && columns.column(c, running),
        onLoss: (l) => columns.loss(l),
        onTriggerStop: () => ctx.emit({ type: 'capture-ended', captureId }),
      });
      running = capture;
      try {
        await capture.ready;
      } catch (err) {
        await capture.abandon().catch(() => undefined);
        throw err;
      }
      streams.set(captureId, capture);
      await rememberCapture(ctx.dataDir, folder);
      void capture.ended().then((error) => {
        columns.flush(capture);
        if (streams.has(captureId)) ctx.emit({ type: 'capture-ended', captureId, ...(error ? { error: error.message } : {}) });
      });
      return { captureId, folder, camera: (capture.recordNow as CaptureRecord).camera };
    },
    async writeCaptureFrame({ captureId, seq, captureUs, bytes }) {
      const writer = writerOf(captureId);
      const receipt = writer.offer({ seq, captureUs, bytes });
      if (!receipt.accepted) return receipt;
      // Answered once the frame is on disk: the caller's calls in flight are the back-pressure.
      await writer.settled(seq);
      return { ...writer.stats(), accepted: true };
    },
    async markCapture({ captureId, marker }) {
      const stream = streams.get(captureId);
      if (stream) await stream.mark(marker);
      else await writerOf(captureId).mark(marker);
    },
    async stopCapture({ captureId }) {
      const stream = streams.get(captureId);
      if (stream) {
        streams.delete(captureId);
        const summary = await stream.stop();
        if (summary.frames < 2) {
          await forgetCapture(ctx.dataDir, stream.folder);
          throw tooShort(stream.folder, summary.frames);
        }
        const { jobId } = await startBuildOf(stream.folder, stream.recordNow as CaptureRecord);
        return { folder: stream.folder, summary, jobId };
      }
      const writer = writerOf(captureId);
      live.delete(captureId);
      const summary = await writer.finish();
      if (summary.frames < 2) {
        await forgetCapture(ctx.dataDir, writer.folder);
        throw tooShort(writer.folder, summary.frames);
      }
      const { jobId } = await startBuildOf(writer.folder, writer.recordNow);
      return { folder: writer.folder, summary, jobId };
    },
    async listUnfinishedCaptures() {
      await closeAbandoned();
      return listUnfinishedCaptures(ctx.dataDir, new Set([...live.values(), ...streams.values()].map((w) => w.folder)));
    },
    async buildCapture({ folder: given }) {
      const folder = path.resolve(given);
      await closeAbandoned();
      if ([...live.values(), ...streams.values()].some((w) => w.folder === folder)) throw new UserError(`${folder}: still recording; stop it first`, 'CONFLICT');
      const record = await readCaptureRecord(folder);
      const kept = keptStreamOf(record);
      const { frames } = kept ? await recoverStream(folder, kept) : await recoverCapture(folder);
      if (frames < 2) throw tooShort(folder, frames);
      return startBuildOf(folder, record);
    },
    async forgetCapture({ folder }) {
      await forgetCapture(ctx.dataDir, path.resolve(folder));
    },
  };
}
