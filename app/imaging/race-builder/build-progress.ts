/** Progress of a build phase: items done, items per second so far, time left; reported at most ~10 times a second. */
export interface BuildProgress {
  phase: string;
  done: number;
  total: number;
  rate: number;
  etaS: number | null;
}

export type ProgressListener = (p: BuildProgress) => void;

export class ProgressTracker {
  private started = performance.now();
  private lastReport = -Infinity;

  constructor(
    private readonly listener: ProgressListener | undefined,
    private phase: string,
    private total: number,
  ) {}

  startPhase(phase: string, total: number): void {
    this.phase = phase;
    this.total = total;
    this.started = performance.now();
    this.lastReport = -Infinity;
    this.update(0, true);
  }

  update(done: number, force = false): void {
    if (!this.listener) return;
    const now = performance.now();
    if (!force && done < this.total && now - this.lastReport < 100) return;
    this.lastReport = now;
    const elapsedS = (now - this.started) / 1000;
    const rate = elapsedS > 0 ? done / elapsedS : 0;
    const etaS = rate > 0 && done > 0 ? Math.max(0, (this.total - done) / rate) : null;
    this.listener({ phase: this.phase, done, total: this.total, rate, etaS });
  }
}
