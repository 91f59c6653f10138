/**
 * What is wrong with a video as it decodes, frame by frame, so damage is reported (and, with skipBad, recorded as
 * gaps) instead of building silently from what happened to come out:
 *  - frames the container holds that the decoder never delivered (a packet it could not decode): known exactly, by
 *    comparing the decoded timestamps with the probed packets';
 *  - frames delivered from damaged data: the decoder says so on stderr ("error while decoding MB…", "concealing
 *    errors…"). A damaged frame leaves the decoder after its error report, and every later frame may predict from
 *    it until the next keyframe, so the frames from the report up to the next clean keyframe count as affected
 *    (a frame or two around it may be good: better a gap than a corrupted column presented as evidence);
 *  - a file cut short: the container declares a longer duration than its last frame reaches.
 */
import { ticksToDecimalSeconds, type Ticks } from '../../domain/time/ticks.js';

/** A decoder's (not the demuxer's or a parser's) report of damage, as FFmpeg prints it. */
const DECODER_ERROR = /^\[(h264|hevc|h265|mpeg4|mpeg2video|mpeg1video|mjpeg|vp8|vp9|av1|libdav1d|prores|dnxhd|msmpeg4v3|h263)\s@[^\]]*\]\s.*(error|concealing|corrupt|damaged|invalid|illegal|out of range)/i;

export function isDecoderError(line: string): boolean {
  return DECODER_ERROR.test(line);
}

export class VideoDamage {
  /** Output frame n → affected by reported damage. */
  private readonly affected: boolean[] = [];
  private errorsSinceFrame = 0;
  private open = false;
  /** Decoder error reports seen. */
  reports = 0;

  onDecoderError(): void {
    this.errorsSinceFrame++;
    this.reports++;
  }

  /** A frame passed `showinfo` (frames come out in presentation order). */
  onFrame(n: number, keyframe: boolean): void {
    if (this.errorsSinceFrame > 0) this.open = true;
    else if (keyframe) this.open = false;
    this.affected[n] = this.open;
    this.errorsSinceFrame = 0;
  }

  isAffected(n: number): boolean {
    return this.affected[n] === true;
  }
}

/** Times as a short list for a message: "7.24 s, 7.28 s and 3 more". */
export function someTimes(times: readonly Ticks[], max = 4): string {
  const shown = times.slice(0, max).map((t) => `${ticksToDecimalSeconds(t)} s`);
  return times.length > max ? `${shown.join(', ')} and ${times.length - max} more` : shown.join(', ');
}

export function timeRange(times: readonly Ticks[]): string {
  if (times.length === 0) return '';
  const a = times[0] as Ticks;
  const b = times[times.length - 1] as Ticks;
  return a === b ? `at ${ticksToDecimalSeconds(a)} s` : `${ticksToDecimalSeconds(a)}–${ticksToDecimalSeconds(b)} s`;
}

/** What is wrong with the file, one clause each, for the refusal ("the video is damaged: …"); empty when sound. */
export function damageProblems(missing: readonly Ticks[], affected: readonly Ticks[], reports: number, cutShort: string | null): string[] {
  return [
    missing.length ? `${missing.length} frame${missing.length === 1 ? '' : 's'} could not be decoded (${someTimes(missing)})` : '',
    affected.length ? `${affected.length} frame${affected.length === 1 ? ' was' : 's were'} decoded from damaged data (${timeRange(affected)}; FFmpeg reported ${reports} decoding error${reports === 1 ? '' : 's'})` : '',
    cutShort ?? '',
  ].filter(Boolean);
}
