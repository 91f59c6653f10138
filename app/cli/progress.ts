/**
 * Progress for long CLI jobs: a redrawn bar on a terminal, plain lines otherwise (logs, pipes, CI), so output stays
 * readable in both. Fed with the API's `job-progress` events.
 */
import type { CliIo } from './command.js';

export interface ProgressUpdate {
  phase: string;
  done: number;
  total: number;
  rate: number;
  etaS: number | null;
}

export interface ProgressPrinter {
  update(p: ProgressUpdate): void;
  /** Ends the bar's line (call before printing anything else). */
  end(): void;
}

const BAR = 28;

function formatEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '--';
  const t = Math.round(s);
  return t >= 60 ? `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s` : `${t}s`;
}

export function describeProgress(p: ProgressUpdate, unit: string): string {
  const pct = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 0;
  return `${p.phase} ${p.done}/${p.total} (${pct}%), ${p.rate.toFixed(p.rate < 10 ? 1 : 0)} ${unit}/s, ETA ${formatEta(p.etaS)}`;
}

export function createProgressPrinter(io: CliIo, unitOf: (phase: string) => string = () => 'items'): ProgressPrinter {
  let drawn = false;
  let lastPlain = 0;
  let lastPhase = '';
  let finishedPrinted = false;
  return {
    update(p) {
      const text = describeProgress(p, unitOf(p.phase));
      if (io.isTTY && process.stderr.isTTY) {
        // Each phase keeps its last bar on screen; the next phase draws on a new line.
        if (drawn && p.phase !== lastPhase) process.stderr.write('\n');
        lastPhase = p.phase;
        const filled = p.total > 0 ? Math.round((BAR * Math.min(p.done, p.total)) / p.total) : 0;
        process.stderr.write(`\r\x1b[2K[${'#'.repeat(filled)}${' '.repeat(BAR - filled)}] ${text}`);
        drawn = true;
        return;
      }
      // Plain lines: one per phase start, then at most one every 2 s, and the last.
      const now = Date.now();
      const finished = p.done >= p.total;
      if (p.phase === lastPhase && finishedPrinted) return;
      if (p.phase !== lastPhase || finished || now - lastPlain >= 2000) {
        if (p.phase !== lastPhase && p.done === 0 && !finished) {
          // A phase's first line says what starts; rates mean nothing yet.
          io.err(`${p.phase}: ${p.total} to do`);
        } else io.err(text);
        lastPlain = now;
        lastPhase = p.phase;
        finishedPrinted = finished;
      }
    },
    end() {
      if (drawn) process.stderr.write('\n');
      drawn = false;
    },
  };
}
