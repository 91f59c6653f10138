/**
 * Decoded frames matched to the packets the probe listed, in presentation order: each decoded frame takes its
 * timestamp from the decode log; a probed packet the decoder passed over is a frame that could not be decoded, a
 * frame after a damage report one decoded from damaged data (video-damage.ts). Both are counted for the refusal
 * and, with skipBad, handed on as bad frames in their place.
 */
import { ticksToDecimalSeconds, type Ticks } from '../../domain/time/ticks.js';
import { ptsToTicks } from '../../domain/time/time-map.js';
import type { Samples } from '../pixels.js';
import type { DecodeLog } from './video-decode-log.js';
import type { ProbedStream } from './video-decode.js';
import type { RegionResult } from './source.js';

export class FrameMatch {
  /** The probed packets' times, in order. */
  readonly probedTicks: Ticks[];
  /** Each entry's time (frames and bad frames), where it has one. */
  readonly times: Ticks[] = [];
  /** Probed frames the decoder never delivered. */
  readonly missing: Ticks[] = [];
  /** Frames decoded from damaged data (0 where the frame had no timestamp). */
  readonly affected: Ticks[] = [];
  /** Output frames taken from the pipe (ffmpeg's n). */
  out = 0;
  /** Entries yielded (frames and bad frames). */
  private index = 0;
  /** The next probed packet not yet matched. */
  private cursor = 0;

  constructor(
    private readonly file: string,
    probed: ProbedStream,
    private readonly log: DecodeLog,
    private readonly skipBad: boolean | undefined,
  ) {
    this.probedTicks = probed.pts.map((p) => ptsToTicks(p, probed.timeBase));
  }

  /** The next output frame's region, once its log line is in; preceded by the probed frames it passed over. */
  async *emit(pixels: Samples): AsyncGenerator<RegionResult> {
    const n = this.out++;
    await this.log.seen(n);
    const t = this.log.timeOf(n);
    if (t !== undefined) {
      yield* this.missingBefore(t);
      if (this.probedTicks[this.cursor] === t) this.cursor++;
    }
    if (this.log.damage.isAffected(n)) {
      this.affected.push(t ?? 0n);
      if (this.skipBad) {
        if (t !== undefined) this.times[this.index] = t;
        yield { index: this.index++, bad: `${this.file}: the frame at ${t === undefined ? `position ${n}` : `${ticksToDecimalSeconds(t)} s`} was decoded from damaged data` };
        return;
      }
    }
    if (t !== undefined) this.times[this.index] = t;
    yield { index: this.index++, pixels };
  }

  /** Bad entries for probed frames before `until` that never came out of the decoder (all that remain, if null). */
  *missingBefore(until: Ticks | null): Generator<RegionResult> {
    while (this.cursor < this.probedTicks.length && (until === null || (this.probedTicks[this.cursor] as Ticks) < until)) {
      const t = this.probedTicks[this.cursor++] as Ticks;
      this.missing.push(t);
      if (this.skipBad) {
        this.times[this.index] = t;
        yield { index: this.index++, bad: `${this.file}: the frame at ${ticksToDecimalSeconds(t)} s could not be decoded` };
      }
    }
  }
}
