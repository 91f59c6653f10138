/**
 * A camera without a camera: FFmpeg encodes a clip (testsrc2, moving, so every frame's finish-line column differs)
 * and serves it on loopback in real time (`-re -c copy`), as H.264 in MPEG-TS over UDP or MJPEG over HTTP (`-listen 1`,
 * multipart, as IP cameras send it). Also decodes the clip's own line pixels, to compare a built race against.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClipSpec {
  width: number;
  height: number;
  rate: number;
  seconds: number;
}

export async function encodeClip(file: string, kind: 'h264' | 'mjpeg', c: ClipSpec): Promise<void> {
  const src = ['-f', 'lavfi', '-i', `testsrc2=size=${c.width}x${c.height}:rate=${c.rate}`, '-t', String(c.seconds)];
  const codec =
    kind === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-bf', '0', '-g', String(c.rate), '-qp', '10', '-pix_fmt', 'yuv420p', '-f', 'mpegts']
      : ['-c:v', 'mjpeg', '-q:v', '4', '-pix_fmt', 'yuvj420p', '-f', 'mjpeg'];
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...src, ...codec, file]);
}

/** Sends `file` in real time: UDP MPEG-TS to `port`, or serves it once over HTTP on `port`. */
export function sendClip(file: string, kind: 'h264' | 'mjpeg', port: number, rate: number, loop = false): ChildProcess {
  const input = kind === 'h264' ? ['-re', ...(loop ? ['-stream_loop', '-1'] : []), '-i', file] : ['-re', ...(loop ? ['-stream_loop', '-1'] : []), '-framerate', String(rate), '-f', 'mjpeg', '-i', file];
  const output = kind === 'h264' ? ['-c', 'copy', '-f', 'mpegts', `udp://127.0.0.1:${port}?pkt_size=1316`] : ['-c', 'copy', '-f', 'mpjpeg', '-listen', '1', `http://127.0.0.1:${port}/`];
  const proc = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...input, ...output], { stdio: 'ignore' });
  proc.on('error', () => undefined);
  return proc;
}

/** Every frame's finish-line column (pixel column `x`, RGB), decoded from the clip itself. */
export async function clipColumns(file: string, x: number, height: number): Promise<Uint8Array[]> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', `crop=2:ih:${x - (x % 2)}:0,format=rgb24,crop=1:ih:${x % 2}:0`, '-f', 'rawvideo', '-'], { encoding: 'buffer', maxBuffer: 1 << 28 });
  const per = height * 3;
  const out: Uint8Array[] = [];
  for (let o = 0; o + per <= stdout.length; o += per) out.push(stdout.subarray(o, o + per));
  return out;
}

export function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

export const ffmpegPresent = async (): Promise<boolean> =>
  run('ffmpeg', ['-hide_banner', '-version']).then(
    () => true,
    () => false,
  );
