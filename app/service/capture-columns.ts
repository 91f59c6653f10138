/**
 * An FFmpeg capture's live picture as events: columns are gathered and sent every ~30 ms (a 120 frames/s camera is
 * then ~33 events a second of 4 columns each, not 120), each batch with the losses found since the one before.
 */
import type { ApiEvent } from '../api/events.js';
import type { CaptureColumns } from '../domain/capture/capture-results.js';
import type { Ticks } from '../domain/time/ticks.js';
import type { FfmpegCapture, LiveColumn } from '../capture/ffmpeg/ffmpeg-capture.js';

const EVERY_MS = 30;

export class ColumnBatcher {
  private cols: LiveColumn[] = [];
  private losses: CaptureColumns['losses'] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly captureId: string,
    private readonly emit: (e: ApiEvent) => void,
  ) {}

  column(c: LiveColumn, capture: FfmpegCapture): void {
    this.cols.push(c);
    this.timer ??= setTimeout(() => this.flush(capture), EVERY_MS);
  }

  loss(l: { time: Ticks; missing: number; cause: 'camera' | 'disk' }): void {
    this.losses.push({ timeNs: String(l.time), missing: l.missing, cause: l.cause });
  }

  flush(capture: FfmpegCapture): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const cols = this.cols.splice(0);
    const losses = this.losses.splice(0);
    if (cols.length === 0 && losses.length === 0) return;
    const rows = cols[0]?.rows ?? 0;
    const rgb = Buffer.concat(cols.map((c) => c.rgb));
    const counts = capture.counts();
    this.emit({
      type: 'capture-columns',
      captureId: this.captureId,
      columns: {
        rows,
        timesNs: cols.map((c) => String(c.time)),
        captureUs: cols.map((c) => c.captureUs),
        rgb: rgb.toString('base64'),
        losses,
        frames: counts.frames,
        missing: counts.missing + counts.droppedBusy,
        rate: counts.rate,
        trigger: capture.triggerMode,
      },
    });
  }
}
