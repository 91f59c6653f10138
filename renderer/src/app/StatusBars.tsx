/** Bars under the header: the certified or amended state of the race, the last failure, and short notices. */
import { ActionButton } from '../actions/ActionButton.js';
import { selectOnWorkspaceScreen } from '../session/navigation.js';
import { dismissError, selectNotices } from '../session/notices.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';

export function RaceBanner() {
  const race = useSession(selectRace);
  const onWorkspace = useSession(selectOnWorkspaceScreen);
  if (!race || !onWorkspace) return null;
  // The record says certified but the check failed: never shown as certified (the engine refuses edits all the same).
  if (race.integrity?.ok === false) {
    return (
      <div className="banner not-valid" role="alert" data-testid="not-valid-banner">
        <span>
          <strong>NOT VALID:</strong> {race.integrity.problems[0] ?? 'the certification does not hold'}
          {race.integrity.problems.length > 1 ? ` (and ${race.integrity.problems.length - 1} more)` : ''}. Read-only; have the race folder verified.
        </span>
      </div>
    );
  }
  if (race.certified) {
    return (
      <div className="banner certified" role="status" data-testid="certified-banner">
        <span>
          <strong>Certified — read-only.</strong> Revision {race.revision}, certified by {race.certified.official} ({race.certified.role}) at{' '}
          {new Date(race.certified.at).toLocaleString()}.
        </span>
        <ActionButton action="amend" data-testid="amend">
          Amend…
        </ActionButton>
      </div>
    );
  }
  const last = race.amendments[race.amendments.length - 1];
  if (!last) return null;
  return (
    <div className="banner amended" role="status">
      Revision {race.revision}, amended by {last.by}: “{last.reason}”. Not certified yet.
    </div>
  );
}

export function Notices() {
  const { error, notice } = useSession(selectNotices);
  return (
    <>
      {error ? (
        <div className="alert" role="alert" data-testid="error">
          <span>{error}</span>
          <button type="button" className="icon" aria-label="Dismiss" onClick={dismissError}>
            ×
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className="notice" role="status" data-testid="notice">
          {notice}
        </div>
      ) : null}
    </>
  );
}
