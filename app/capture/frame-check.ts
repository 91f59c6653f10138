/**
 * What a recorded frame must be before it is written as evidence: a whole JPEG or PNG (start and end markers
 * present, so a cut-off upload is refused), of the camera's size. Header parsing only: microseconds per frame.
 */
import { UserError } from '../domain/errors.js';
import { readImageHeader } from '../imaging/sources/image-header.js';

export type FrameExt = 'jpg' | 'png';

const PNG_END = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]; // IEND chunk type + CRC

/** Whether a JPEG or PNG file's bytes end where the format says it ends (not cut off by a crash or a power cut). */
export function isWholeImage(bytes: Uint8Array): boolean {
  const ext = extOf(bytes);
  return ext !== null && isWhole(bytes, ext);
}

/** JPEG or PNG by the first two bytes, else null. */
function extOf(bytes: Uint8Array): FrameExt | null {
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : null;
}

function isWhole(bytes: Uint8Array, ext: FrameExt): boolean {
  const n = bytes.length;
  if (ext === 'jpg') return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
  return n >= 12 && PNG_END.every((v, i) => bytes[n - 8 + i] === v);
}

/** The file extension a frame gets, after checking it; `what` names the frame in the message. */
export function checkFrameBytes(bytes: Uint8Array, size: { width: number; height: number }, what: string): FrameExt {
  const ext = extOf(bytes);
  if (!ext) throw new UserError(`${what}: not a JPEG or PNG image`, 'INVALID_ARGUMENT');
  const header = readImageHeader(bytes);
  if (!header) throw new UserError(`${what}: the image header cannot be read`, 'INVALID_ARGUMENT');
  if (!isWhole(bytes, ext)) throw new UserError(`${what}: the image is cut off (no end marker)`, 'INVALID_ARGUMENT');
  if (header.width !== size.width || header.height !== size.height) {
    throw new UserError(`${what}: ${header.width}×${header.height} px, but the camera records ${size.width}×${size.height} px`, 'INVALID_ARGUMENT');
  }
  return ext;
}
