/**
 * The ffmpeg command line of an FFmpeg capture: one input (a device or a network address) and three outputs, so the
 * camera's packets are read once and nothing is re-encoded:
 *   - pipe 3 + pipe 4 (one `tee`, so both see the very same packets): the stream copied untouched, as `framecrc`
 *     lines (each packet's own timestamp, integer, in the stream's time base, and its size) and as the packets'
 *     bytes one after another (cut apart by those sizes);
 *   - pipe 1: only the finish line's pixels of every decoded frame (cropped, then RGB), for the live picture, each
 *     frame's timestamp reported by `showinfo` on stderr. No frame is dropped or repeated (`-fps_mode passthrough`).
 * `-copyts` keeps the stream's own timestamps instead of ffmpeg's re-based ones. H.264/HEVC parameter sets that a
 * stream carries out of band (RTSP) are written into its keyframes (`dump_extra`), so the kept stream decodes alone.
 */
import type { Region } from '../../domain/line/finish-line.js';

export interface CaptureInput {
  /** A device name (`/dev/video0`, `video=USB Camera`, `0`) or a URL (`rtsp://…`, `udp://…`, `http://…`). */
  input: string;
  /** ffmpeg's input format (`v4l2`, `dshow`, `avfoundation`, `mpegts`, …); for a URL, found by ffmpeg if not given. */
  format?: string | undefined;
  size?: { width: number; height: number } | undefined;
  rate?: number | undefined;
}

/** How each frame is timed: the stream's own timestamps, or (MJPEG over HTTP, which carries none) when it was read. */
export type CaptureClock = 'stream' | 'arrival';

const STALL_TIMEOUT_US = 10_000_000;

const DEVICE_FORMATS = new Set(['v4l2', 'video4linux2', 'dshow', 'avfoundation', 'vfwcap', 'gdigrab', 'x11grab', 'kmsgrab', 'decklink']);

export function isNetworkInput(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input);
}

export function clockOf(input: CaptureInput): CaptureClock {
  return /^https?:\/\//i.test(input.input) && (input.format === undefined || input.format === 'mjpeg' || input.format === 'mpjpeg') ? 'arrival' : 'stream';
}

/** Input options: the device's mode, and network settings that keep a live stream from losing packets here. */
export function inputArgs(c: CaptureInput): string[] {
  const args: string[] = [];
  const network = isNetworkInput(c.input);
  if (clockOf(c) === 'arrival') {
    // MJPEG over HTTP (raw or multipart) has no timestamps: each frame gets the microsecond it was read, read by
    // the raw MJPEG demuxer (which skips the multipart headers) with a microsecond time base (its "frame rate").
    args.push('-f', 'mjpeg', '-framerate', '1000000', '-use_wallclock_as_timestamps', '1');
  } else if (c.format) {
    args.push('-f', c.format);
  }
  if (c.format && DEVICE_FORMATS.has(c.format)) {
    if (c.size) args.push('-video_size', `${c.size.width}x${c.size.height}`);
    if (c.rate) args.push('-framerate', String(c.rate));
    // Ask the camera for its own JPEG frames (USB cameras reach their full rate only in MJPEG).
    if (c.format === 'v4l2' || c.format === 'video4linux2') args.push('-input_format', 'mjpeg');
    if (c.format === 'dshow') args.push('-vcodec', 'mjpeg');
    args.push('-thread_queue_size', '512');
  }
  if (/^rtsp:\/\//i.test(c.input)) args.push('-rtsp_transport', 'tcp');
  // A network camera silent for 10 s is gone: ffmpeg ends (the capture reports it) instead of waiting for ever,
  // also when the app that ran it was killed (a camera still sending ends it at once: its pipes are closed).
  if (network) args.push('-probesize', '5000000', '-analyzeduration', '1000000', '-rw_timeout', String(STALL_TIMEOUT_US));
  args.push('-copyts', '-i', networkUrl(c.input, c.format));
  return args;
}

/** A UDP address gets a large receive buffer and a queue that never aborts the capture when it overflows. */
function networkUrl(input: string, format: string | undefined): string {
  if (format === 'dshow' && !/^(video|audio)=/.test(input)) return `video=${input}`;
  if (!/^udp:\/\//i.test(input) || input.includes('?')) return input;
  return `${input}?buffer_size=16777216&fifo_size=262144&overrun_nonfatal=1`;
}

/** The live crop: whole 4:2:0 chroma blocks first (crop refuses odd sizes there), then RGB, then the exact rectangle. */
export function liveCropFilter(region: Region, fullHeight: boolean, showinfo = 'showinfo'): string {
  const x0 = region.left - (region.left % 2);
  const y0 = fullHeight ? 0 : region.top - (region.top % 2);
  const w0 = region.left + region.width - x0 + ((region.left + region.width - x0) % 2);
  const h = fullHeight ? 'ih' : String(region.top + region.height - y0 + ((region.top + region.height - y0) % 2));
  const exactH = fullHeight ? 'ih' : String(region.height);
  return `crop=${w0}:${h}:${x0}:${y0},format=rgb24,crop=${region.width}:${exactH}:${region.left - x0}:${fullHeight ? 0 : region.top - y0},${showinfo}`;
}

/** `tools`: this ffmpeg's spelling of frame passthrough and of showinfo (see app/imaging/sources/ffmpeg.ts). */
export function captureArgs(c: CaptureInput, region: Region, fullHeight: boolean, tools: { passthrough: string[]; showinfo: string }): string[] {
  return [
    '-hide_banner', '-nostats', '-loglevel', 'info',
    ...inputArgs(c),
    '-map', '0:v:0', '-c:v', 'copy', '-copytb', '1', '-bsf:v', 'dump_extra=freq=keyframe', '-flush_packets', '1',
    '-f', 'tee', '[f=framecrc]pipe\\:3|[f=image2pipe]pipe\\:4',
    '-map', '0:v:0', '-vf', liveCropFilter(region, fullHeight, tools.showinfo), ...tools.passthrough, '-flush_packets', '1',
    '-f', 'rawvideo', 'pipe:1',
  ];
}
