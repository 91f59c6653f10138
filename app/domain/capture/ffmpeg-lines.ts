/**
 * The lines an FFmpeg capture reads back from ffmpeg itself (pure text parsing, no I/O):
 *   - the `framecrc` muxer's output on the copied stream: a header (`#tb 0: 1/90000`, `#codec_id 0: h264`,
 *     `#dimensions 0: 1280x720`) and one line per packet as it is muxed (`0, dts, pts, duration, size, crc…`).
 *     These are the stream's own timestamps, integers in its time base, and each packet's exact size: the copied
 *     packets arrive concatenated on another pipe and are cut apart by these sizes.
 *   - `showinfo`'s line for each decoded frame of the live line crop (`n:  12 pts: 217500 …`), which pairs each
 *     raw crop on the third pipe with its timestamp (a frame the decoder could not decode has no crop and no line).
 */
import { UserError } from '../errors.js';
import type { Rational } from '../time/time-map.js';

export interface CopiedPacket {
  pts: bigint;
  dts: bigint | null;
  size: number;
  /** Not a keyframe when the line carries `F=0x0` (framecrc prints flags only when they are not just "key"). */
  key: boolean;
}

export interface FramecrcHeader {
  timeBase: Rational | null;
  codec: string | null;
  width: number | null;
  height: number | null;
}

export function emptyHeader(): FramecrcHeader {
  return { timeBase: null, codec: null, width: null, height: null };
}

/** Folds one `#…` header line into `header`; returns false for a line that is not a header line. */
export function readFramecrcHeader(line: string, header: FramecrcHeader): boolean {
  if (!line.startsWith('#')) return false;
  const tb = /^#tb 0: (\d+)\/(\d+)\s*$/.exec(line);
  if (tb) header.timeBase = { num: BigInt(tb[1] as string), den: BigInt(tb[2] as string) };
  const codec = /^#codec_id 0: (\S+)/.exec(line);
  if (codec) header.codec = codec[1] as string;
  const dims = /^#dimensions 0: (\d+)x(\d+)/.exec(line);
  if (dims) {
    header.width = Number(dims[1]);
    header.height = Number(dims[2]);
  }
  return true;
}

const INT = /^-?\d+$/;

/** One packet line of framecrc (`stream, dts, pts, duration, size, crc[, F=0x…][, S=…]`); null for anything else. */
export function parseFramecrcPacket(line: string): CopiedPacket | null {
  const cells = line.split(',').map((c) => c.trim());
  if (cells.length < 6 || cells[0] !== '0') return null;
  const [, dts, pts, , size] = cells as [string, string, string, string, string];
  if (!INT.test(pts) || !/^\d+$/.test(size)) return null;
  const flags = cells.slice(6).find((c) => c.startsWith('F='));
  return {
    pts: BigInt(pts),
    dts: INT.test(dts) ? BigInt(dts) : null,
    size: Number(size),
    key: flags === undefined || (parseInt(flags.slice(4), 16) & 1) === 1,
  };
}

/** The decoded frame's number and timestamp from a showinfo line of the live crop; null for other stderr lines. */
export function parseShowinfoFrame(line: string): { n: number; pts: bigint } | null {
  const m = /\] n:\s*(\d+) pts:\s*(-?\d+) /.exec(line);
  return m ? { n: Number(m[1]), pts: BigInt(m[2] as string) } : null;
}

/** The input's container as ffmpeg reports it (`Input #0, mpegts, from '…'`), for the record. */
export function parseInputFormat(line: string): string | null {
  const m = /^Input #0, ([^,]+(?:,[^,]+)*?), from /.exec(line);
  return m ? (m[1] as string) : null;
}

/** Codecs whose packets are kept as they are: JPEG frames as files, H.264/HEVC as the elementary stream. */
export type KeptCodec = 'mjpeg' | 'h264' | 'hevc';

export function keptCodecOf(codec: string | null, input: string): KeptCodec {
  if (codec === 'mjpeg' || codec === 'h264' || codec === 'hevc') return codec;
  throw new UserError(
    `${input}: the camera sends ${codec ?? 'an unknown kind of'} video; Photofinish keeps MJPEG, H.264 or HEVC exactly as sent (choose a camera mode that sends one of them)`,
    'INVALID_ARGUMENT',
  );
}
