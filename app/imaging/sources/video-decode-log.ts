/**
 * What the decoding ffmpeg says on stderr while the pixels come down stdout: every decoded frame's number,
 * timestamp and keyframe flag (showinfo), the time base they are in, and the decoder's damage reports
 * (video-damage.ts); other lines are kept (the last few kilobytes) for the one-line error. The two pipes are read
 * separately, so a frame taken from stdout waits (`seen`) until its showinfo line has been read.
 */
import type { Ticks } from '../../domain/time/ticks.js';
import { ptsToTicks, type Rational } from '../../domain/time/time-map.js';
import { showinfoTimeBase } from './ffmpeg-log.js';
import { isDecoderError, VideoDamage } from './video-damage.js';

/** Frame lines as showinfo prints them; unlike `showinfoFrame`, the keyframe flag is part of a frame's line. */
const FRAME_LINE = /showinfo.*\bn:\s*(\d+)\s+pts:\s*(-?\d+|NOPTS).*?\biskey:\s*(\d)/;

export class DecodeLog {
  readonly damage = new VideoDamage();
  /** Frames showinfo reported: how many slots of the last (padded) picture are real frames. */
  framesSeen = 0;
  /** The lines kept for the error message. */
  tail = '';
  private readonly pts: bigint[] = [];
  private timeBase: Rational | null = null;
  private pendingLine = '';
  private closed = false;
  private readonly waiters: { n: number; resolve: () => void }[] = [];

  /** A chunk of stderr as it arrives (lines may be split across chunks). */
  onText(chunk: string): void {
    const lines = (this.pendingLine + chunk).split(/\r|\n/);
    this.pendingLine = lines.pop() ?? '';
    for (const line of lines) this.onLine(line);
    this.wake();
  }

  /** The process has ended: nothing more will be reported, so nobody waits any longer. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** Resolves once showinfo has reported output frame n (or the process has ended). */
  seen(n: number): Promise<void> {
    return this.closed || this.framesSeen > n ? Promise.resolve() : new Promise<void>((resolve) => this.waiters.push({ n, resolve }));
  }

  /** Output frame n's time, where showinfo gave it a timestamp and the time base is known. */
  timeOf(n: number): Ticks | undefined {
    const pts = this.pts[n];
    return pts !== undefined && this.timeBase ? ptsToTicks(pts, this.timeBase) : undefined;
  }

  private onLine(line: string): void {
    const m = FRAME_LINE.exec(line);
    if (m) {
      const n = Number(m[1]);
      if (m[2] !== 'NOPTS') this.pts[n] = BigInt(m[2] as string);
      this.damage.onFrame(n, m[3] === '1');
      this.framesSeen = Math.max(this.framesSeen, n + 1);
      return;
    }
    const tb = showinfoTimeBase(line);
    if (tb) this.timeBase = tb;
    else {
      if (isDecoderError(line)) this.damage.onDecoderError();
      this.tail = (this.tail + line + '\n').slice(-4000);
    }
  }

  private wake(): void {
    for (let k = this.waiters.length - 1; k >= 0; k--) {
      const w = this.waiters[k] as { n: number; resolve: () => void };
      if (this.closed || this.framesSeen > w.n) {
        this.waiters.splice(k, 1);
        w.resolve();
      }
    }
  }
}
