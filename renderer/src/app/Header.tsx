/** The top bar: the race on screen, the saved state, race actions, the official's name, theme and help. */
import { useEffect, useRef } from 'react';
import { eventLine } from '../../../app/domain/event/race-event.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { goToStart, selectOnWorkspaceScreen } from '../session/navigation.js';
import { selectOfficialNameWanted } from '../session/notices.js';
import { selectRace, selectSaving } from '../session/race.js';
import { useSession } from '../session/state.js';
import { officialStore, setOfficial } from '../session/official.js';
import { useStore } from '../session/store.js';
import { themeStore } from '../session/theme.js';

export function Header() {
  const race = useSession(selectRace);
  const inWorkspace = useSession(selectOnWorkspaceScreen) && race !== null;
  const meta = race ? [eventLine(race.event), race.event.venue, race.event.date].filter(Boolean).join(' · ') : '';
  return (
    <header className="topbar">
      <button type="button" className="brand" onClick={goToStart} title="Start screen">
        <span className="logo" aria-hidden="true">
          ▍▌
        </span>
        Photofinish
      </button>
      {inWorkspace ? (
        <div className="race-title">
          <strong data-testid="race-name">{race.meta.name}</strong>
          <ActionButton action="edit-event" className="event-link small" data-testid="event-button">
            {meta || 'Event…'}
          </ActionButton>
        </div>
      ) : (
        <div className="race-title" />
      )}
      {inWorkspace ? (
        <div className="actions">
          <SavedIndicator />
          <ActionButton action="undo">↶ Undo</ActionButton>
          <ActionButton action="redo">↷ Redo</ActionButton>
          {race.integrity?.ok === false ? (
            <strong className="not-valid" data-testid="not-valid">
              NOT VALID
            </strong>
          ) : race.certified ? (
            <ActionButton action="amend">Amend…</ActionButton>
          ) : (
            <ActionButton action="certify" data-testid="certify">
              Certify…
            </ActionButton>
          )}
          <ActionButton action="export" data-testid="export">
            Export…
          </ActionButton>
        </div>
      ) : null}
      <OfficialName />
      <ThemeButton />
      <ActionButton action="shortcuts" className="icon" aria-label="Keyboard shortcuts">
        ?
      </ActionButton>
    </header>
  );
}

/** Every change is signed with this name; a change made without it brings the keyboard here. */
function OfficialName() {
  const official = useStore(officialStore);
  const wanted = useSession(selectOfficialNameWanted);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (wanted > 0) ref.current?.focus();
  }, [wanted]);
  return (
    <label className="official" title="Every change is signed with this name in the audit log">
      <span className="muted small">Official</span>
      <input
        ref={ref}
        id="official-name"
        data-testid="official"
        value={official.name}
        onChange={(e) => setOfficial(e.target.value)}
        // Enter or Esc hands the keyboard back to the workspace shortcuts.
        onKeyDown={(e) => (e.key === 'Enter' || e.key === 'Escape') && e.currentTarget.blur()}
        placeholder="Your name"
        autoComplete="name"
      />
    </label>
  );
}

function ThemeButton() {
  const theme = useStore(themeStore);
  return (
    <ActionButton action="cycle-theme" className="icon" title={tooltip('cycle-theme', `Theme: ${theme.choice}`)} aria-label={`Theme: ${theme.choice}`}>
      ◐
    </ActionButton>
  );
}

function SavedIndicator() {
  const race = useSession(selectRace);
  const saving = useSession(selectSaving);
  if (!race) return null;
  const text = saving === 'saving' ? 'Saving…' : saving === 'failed' ? 'Not saved' : `Saved · rev ${race.revision} · ${race.auditCount} audit entries`;
  return (
    <span className={`saved ${saving}`} role="status" data-testid="saved" title={`Audit head ${race.auditHead}`}>
      {saving === 'failed' ? '⚠ ' : saving === 'saving' ? '' : '✓ '}
      {text}
    </span>
  );
}
