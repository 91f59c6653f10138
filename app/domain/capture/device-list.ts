/**
 * FFmpeg's own device listings, parsed (pure text; running ffmpeg is app/capture/ffmpeg/list-devices.ts):
 *   - v4l2 (Linux): `ffmpeg -f v4l2 -list_formats all -i /dev/videoN`, one line per pixel format with its sizes;
 *   - dshow (Windows): `ffmpeg -list_devices true -f dshow -i dummy` (the names; FFmpeg 4 prints them under section
 *     headings, FFmpeg 5+ with `(video)`/`(audio)` after each), then `-list_options true -f dshow -i video=NAME`
 *     (one line per codec or pixel format, size and frame-rate range);
 *   - avfoundation (macOS): `ffmpeg -f avfoundation -list_devices true -i ""` (`[0] FaceTime HD Camera` under
 *     "AVFoundation video devices:"), and the "Supported modes" ffmpeg prints for a mode the camera refuses.
 */
export type DeviceFormat = 'v4l2' | 'dshow' | 'avfoundation';

export interface DeviceMode {
  /** `mjpeg`, `h264`, or a raw pixel format (`yuyv422`). */
  codec: string;
  width: number;
  height: number;
  /** Frame rates the mode offers, where the listing says (v4l2's does not). */
  minFps: number | null;
  maxFps: number | null;
}

export interface CaptureDevice {
  format: DeviceFormat;
  /** What to give as INPUT (`/dev/video0`, `video=USB Camera`, `0`). */
  input: string;
  name: string;
  modes: DeviceMode[];
}

/** ffmpeg's log prefix (`[dshow @ 000001f4c9a3e340] `), taken off each line. */
function body(line: string): string {
  return line.replace(/^\[[^\]]*@ ?[0-9a-fA-Fx]+\]\s?/, '');
}

const lines = (text: string) => text.split(/\r\n|\n|\r/);

/** `-list_formats all` of one v4l2 device: `Compressed: mjpeg : Motion-JPEG : 1920x1080 1280x720`. */
export function parseV4l2Formats(text: string): DeviceMode[] {
  const modes: DeviceMode[] = [];
  for (const raw of lines(text)) {
    // `kind : codec : description : sizes`; the fields are split on " : " (a description may hold "4:2:2").
    const fields = body(raw).trim().split(/\s+:\s+|\s*:\s+/);
    if (fields.length < 4 || !/^(Compressed|Raw|Emulated)$/.test(fields[0] as string)) continue;
    const codec = fields[1] as string;
    for (const size of (fields[fields.length - 1] as string).matchAll(/(\d+)x(\d+)/g)) {
      modes.push({ codec, width: Number(size[1]), height: Number(size[2]), minFps: null, maxFps: null });
    }
  }
  return modes;
}

/** The video devices of `-list_devices true -f dshow`, in both FFmpeg 4's and FFmpeg 5's layout. */
export function parseDshowDevices(text: string): string[] {
  const names: string[] = [];
  let section: 'video' | 'audio' | null = null;
  for (const raw of lines(text)) {
    const b = body(raw);
    if (/DirectShow video devices/i.test(b)) section = 'video';
    else if (/DirectShow audio devices/i.test(b)) section = 'audio';
    const m = /^\s*"([^"]+)"\s*(?:\((video|audio|none|video,audio|audio,video)\))?\s*$/.exec(b);
    if (!m) continue;
    const kind = m[2];
    if (kind ? kind.includes('video') : section === 'video') names.push(m[1] as string);
  }
  return names;
}

/** `-list_options true` of one dshow device: `vcodec=mjpeg  min s=1280x720 fps=5 max s=1280x720 fps=30`. */
export function parseDshowOptions(text: string): DeviceMode[] {
  const modes: DeviceMode[] = [];
  for (const raw of lines(text)) {
    const m = /(?:vcodec|pixel_format)=(\S+)\s+min s=(\d+)x(\d+) fps=([\d.]+)\s+max s=(\d+)x(\d+) fps=([\d.]+)/.exec(body(raw));
    if (!m) continue;
    const mode: DeviceMode = { codec: m[1] as string, width: Number(m[5]), height: Number(m[6]), minFps: Number(m[4]), maxFps: Number(m[7]) };
    if (!modes.some((o) => o.codec === mode.codec && o.width === mode.width && o.height === mode.height && o.minFps === mode.minFps && o.maxFps === mode.maxFps)) modes.push(mode);
  }
  return modes;
}

/** The video devices of `-f avfoundation -list_devices true`: index and name. */
export function parseAvfoundationDevices(text: string): { index: number; name: string }[] {
  const found: { index: number; name: string }[] = [];
  let video = false;
  for (const raw of lines(text)) {
    const b = body(raw);
    if (/AVFoundation video devices/i.test(b)) video = true;
    else if (/AVFoundation audio devices/i.test(b)) video = false;
    const m = /^\[(\d+)\] (.+)$/.exec(b.trim());
    if (video && m) found.push({ index: Number(m[1]), name: (m[2] as string).trim() });
  }
  return found;
}

/** "Supported modes:" as avfoundation prints them for a mode it refuses: `1280x720@[1.000000 30.000000]fps`. */
export function parseAvfoundationModes(text: string): DeviceMode[] {
  const modes: DeviceMode[] = [];
  for (const m of text.matchAll(/(\d+)x(\d+)@\[([\d.]+) ([\d.]+)\]fps/g)) {
    modes.push({ codec: 'raw', width: Number(m[1]), height: Number(m[2]), minFps: Number(m[3]), maxFps: Number(m[4]) });
  }
  return modes;
}

/** One line per device: format, input, name, and its modes grouped by codec (`mjpeg 1280x720@5-120 640x480@30`). */
export function describeDevice(d: CaptureDevice): string {
  const byCodec = new Map<string, string[]>();
  for (const m of d.modes) {
    const rate = m.maxFps === null ? '' : m.minFps !== null && m.minFps !== m.maxFps ? `@${trim(m.minFps)}-${trim(m.maxFps)}` : `@${trim(m.maxFps)}`;
    const list = byCodec.get(m.codec) ?? [];
    list.push(`${m.width}x${m.height}${rate}`);
    byCodec.set(m.codec, list);
  }
  const modes = [...byCodec].map(([codec, sizes]) => `${codec} ${sizes.join(' ')}`).join('; ');
  return `${d.format}  ${d.input}  "${d.name}"  ${modes || '(modes not listed)'}`;
}

const trim = (n: number) => String(Math.round(n * 1000) / 1000);
