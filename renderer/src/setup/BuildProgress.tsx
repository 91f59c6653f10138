/** A running build: how far it is (frames done, rate, time left) and a way to cancel it. */
import type { ApiEvent } from '../../../app/api/events.js';

/** The latest progress of the running build, as the service pushes it. */
export type JobView = Omit<Extract<ApiEvent, { type: 'job-progress' }>, 'type'>;

export function BuildProgress({ job, onCancel }: { job: JobView; onCancel(): void }) {
  const pct = job.total > 0 ? Math.min(100, (job.done / job.total) * 100) : 0;
  return (
    <>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-label="Build progress" data-testid="build-progress">
        <div className="bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="muted small" data-testid="build-status">
        {phaseLabel(job.phase)} {job.done.toLocaleString()} / {job.total.toLocaleString()}
        {job.rate > 0 ? ` · ${Math.round(job.rate).toLocaleString()} frames/s` : ''} · {fmtEta(job.etaS)}
      </p>
      <button type="button" onClick={onCancel}>
        Cancel build
      </button>
    </>
  );
}

function fmtEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return 'estimating…';
  if (s < 1) return 'under a second left';
  if (s < 90) return `about ${Math.ceil(s)} s left`;
  return `about ${Math.ceil(s / 60)} min left`;
}

function phaseLabel(phase: string): string {
  const p = phase.replace(/[-_]/g, ' ');
  return p.charAt(0).toUpperCase() + p.slice(1);
}
