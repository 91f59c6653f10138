/** The build button, then the build's progress (frames, rate, time left) with Cancel, then "opening the race". */
import { BuildProgress, type JobView } from './BuildProgress.js';

export function BuildRow({ job, finished, canBuild, onCancel }: { job: JobView | null; finished: boolean; canBuild: boolean; onCancel(): void }) {
  return (
    <div className="build-row">
      {job !== null && !finished ? (
        <BuildProgress job={job} onCancel={onCancel} />
      ) : finished ? (
        <p className="loading">Built. Opening the race…</p>
      ) : (
        <button type="submit" className="primary big" disabled={!canBuild} data-testid="build">
          Build the composite
        </button>
      )}
    </div>
  );
}
