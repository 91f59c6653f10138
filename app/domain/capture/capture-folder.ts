/**
 * What a live capture leaves on disk: a frame folder that `photofinish build FOLDER --timestamps
 * FOLDER/timestamps.csv` accepts as it stands, at every moment of the recording.
 *
 *   <race>-frames/
 *     f_000000.jpg …     one file per frame, named by the order it was sent in; renamed into place only when whole
 *     timestamps.csv     file,time_s,capture_us — a line is appended only after its frame file is in place;
 *                        time_s is exact (integer µs of the camera's clock since the folder's first frame)
 *     capture.json       how to build it (finish line, race folder, name, sport, start list), the camera, the F-key
 *                        marks, and whether the recording ended (a sidecar: the build ignores it)
 *
 * Pure: names, lines and the record's schema; the writer is app/capture/.
 */
import { z } from 'zod';
import { finishLine } from '../race/evidence.js';
import { sportName } from '../race/document.js';
import { ticksToDecimalSeconds, type Ticks } from '../time/ticks.js';

export const CAPTURE_LAYOUT = {
  timestamps: 'timestamps.csv',
  record: 'capture.json',
} as const;

/**
 * An FFmpeg capture of an H.264/HEVC stream keeps the stream itself, not frames: `stream.h264` (or `.hevc`), the
 * camera's packets in Annex B as they came, appended one after another, and timestamps.csv with one line per packet
 * (`frame` number, exact time, the stream's own `pts`, and the byte where the packet ends), appended only after the
 * packet's bytes are written. `photofinish build <folder>/stream.h264 --timestamps <folder>/timestamps.csv` decodes it.
 */
export const STREAM_FILE = { h264: 'stream.h264', hevc: 'stream.hevc' } as const;
export const PACKET_TIMESTAMPS_HEADER = 'frame,time_s,capture_us,pts,end_byte\n';

export function packetTimestampsLine(frame: number, time: Ticks, first: Ticks, captureUs: number, pts: bigint, endByte: number): string {
  return `${frame},${ticksToDecimalSeconds(time - first)},${captureUs},${pts},${endByte}\n`;
}

export const TIMESTAMPS_HEADER = 'file,time_s,capture_us\n';
/** An FFmpeg capture's frames also carry the stream's own timestamp, exactly, in its time base (`camera.stream`). */
export const STREAM_TIMESTAMPS_HEADER = 'file,time_s,capture_us,pts\n';
export const CAPTURE_SCHEMA = 'photofinish.capture';

/** Frame files sort in capture order by name too (natural order), so the folder reads right without the CSV. */
export function captureFrameName(seq: number, ext: 'jpg' | 'png'): string {
  return `f_${String(seq).padStart(6, '0')}.${ext}`;
}

/** One line of timestamps.csv: the frame's exact time since the first frame, and the camera's raw timestamp(s). */
export function timestampsLine(file: string, time: Ticks, first: Ticks, captureUs: number, pts?: bigint): string {
  return `${file},${ticksToDecimalSeconds(time - first)},${captureUs}${pts === undefined ? '' : `,${pts}`}\n`;
}

/** Where the frames of a race recorded into `out` go: beside it, `<name>-frames` (a `.race` suffix dropped). */
export function captureFolderFor(out: string): string {
  const trimmed = out.replace(/[\\/]+$/, '');
  return `${trimmed.replace(/\.race$/i, '')}-frames`;
}

export const captureMarker = z.object({
  kind: z.enum(['manual', 'motion-start', 'motion-stop']),
  /** The camera's clock (integer µs), as on the frames' timestamps lines. */
  captureUs: z.number().int().nonnegative(),
});
export type CaptureMarker = z.infer<typeof captureMarker>;

export const captureCamera = z.object({
  label: z.string().max(200),
  width: z.number().int().positive().max(16384),
  height: z.number().int().positive().max(16384),
  /** The rate the camera was asked for (frames/s); measured times are in timestamps.csv. */
  frameRate: z.number().positive().max(10000).nullable(),
  /** Read through FFmpeg (a device or a network stream) rather than the browser. */
  stream: z
    .object({
      input: z.string().max(4096),
      format: z.string().max(40).nullable(),
      /** What was kept: JPEG frames as the camera sent them, or the H.264/HEVC stream as sent. */
      codec: z.enum(['mjpeg', 'h264', 'hevc']),
      /** The stream's time base (`1/90000`): `pts` in timestamps.csv counts in it. */
      timeBase: z.string().regex(/^\d+\/\d+$/),
      /** `stream`: the camera's or the stream's own timestamps; `arrival`: the stream has none (MJPEG over HTTP), so the time each frame was read here. */
      clock: z.enum(['stream', 'arrival']),
    })
    .optional(),
});
export type CaptureCamera = z.infer<typeof captureCamera>;

/** What the build of a capture needs, chosen on the capture screen before recording. */
export const captureBuildPlan = z.object({
  out: z.string().min(1).max(4096),
  name: z.string().max(200),
  sport: sportName,
  startList: z.string().min(1).max(4096).optional(),
  /** For a lynx.evt holding several events: which one (`12-1-3`). */
  startListEvent: z.string().trim().min(1).max(40).optional(),
  line: finishLine,
  /** Competitors cross the picture right to left (time runs →) or left to right (shown mirrored). */
  travel: z.enum(['right-to-left', 'left-to-right']).default('right-to-left'),
});
export type CaptureBuildPlan = z.infer<typeof captureBuildPlan>;

export const captureSummary = z.object({
  frames: z.number().int().nonnegative(),
  /** Gaps in the camera's timestamps and the frames they stand for (camera or app too slow). */
  gaps: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  /** Frames refused because the writer's queue was full (the disk could not keep up). */
  droppedBusy: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Recorded span, first to last frame, in integer ns (as text). */
  durationNs: z.string(),
});
export type CaptureSummary = z.infer<typeof captureSummary>;

export const captureRecord = z.object({
  schema: z.literal(CAPTURE_SCHEMA),
  schemaVersion: z.literal(1),
  startedAt: z.string(),
  camera: captureCamera,
  build: captureBuildPlan,
  markers: z.array(captureMarker),
  /** Who ran the recording (`photofinish capture --by`), where given. */
  by: z.string().max(200).optional(),
  /** Set when the recording ended normally; absent after a crash. */
  stoppedAt: z.string().optional(),
  summary: captureSummary.optional(),
});
export type CaptureRecord = z.infer<typeof captureRecord>;
