/** The window: header (race, official, saved state, race actions), alerts, the current screen and dialogs. */
import { useEffect } from 'react';
import type { ApiEvent, MenuAction } from '../../../app/api/events.js';
import { rendererApi } from '../api/index.js';
import { AmendDialog } from '../dialogs/AmendDialog.js';
import { CertifyDialog } from '../dialogs/CertifyDialog.js';
import { DeadHeatDialog } from '../dialogs/DeadHeatDialog.js';
import { ExportDialog } from '../dialogs/ExportDialog.js';
import { HelpOverlay } from '../dialogs/HelpOverlay.js';
import { SetupScreen } from '../screens/SetupScreen.js';
import { StartScreen } from '../screens/StartScreen.js';
import { Workspace } from '../screens/Workspace.js';
import { officialStore, setOfficial } from './official.js';
import { viewer } from '../viewer/viewer-handle.js';
import { messageOf } from './errors.js';
import { goToStart, openDialog, openRaceAt, redo, refreshRace, session, startApp, undo } from './session.js';
import { useStore } from './store.js';
import { cycleTheme, themeStore } from './theme.js';

export function App() {
  const s = useStore(session);

  useEffect(() => {
    void startApp();
    return rendererApi.subscribe((e: ApiEvent) => {
      const r = session.get().race;
      // A change made elsewhere (another window, the CLI): show it.
      if (e.type === 'race-changed' && r && e.raceId === r.raceId && e.auditCount !== r.auditCount) void refreshRace();
      if (e.type === 'menu') void onMenu(e.action, e.path);
    });
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
      if (e.key === '?' && !session.get().dialog) {
        e.preventDefault();
        openDialog('help');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => openDialog(null);
  const race = s.race;
  const screen = s.screen;
  return (
    <div className="app">
      <Header />
      {race?.certified && screen.kind === 'workspace' ? (
        <div className="banner certified" role="status" data-testid="certified-banner">
          <span>
            <strong>Certified — read-only.</strong> Revision {race.revision}, certified by {race.certified.official} ({race.certified.role}) at{' '}
            {new Date(race.certified.at).toLocaleString()}.
          </span>
          <button type="button" onClick={() => openDialog('amend')} data-testid="amend">
            Amend…
          </button>
        </div>
      ) : null}
      {race && !race.certified && race.amendments.length > 0 && screen.kind === 'workspace' ? (
        <div className="banner amended" role="status">
          Revision {race.revision}, amended by {race.amendments[race.amendments.length - 1]?.by}: “{race.amendments[race.amendments.length - 1]?.reason}”. Not
          certified yet.
        </div>
      ) : null}
      {s.error ? (
        <div className="alert" role="alert" data-testid="error">
          <span>{s.error}</span>
          <button type="button" className="icon" aria-label="Dismiss" onClick={() => session.set({ error: null })}>
            ×
          </button>
        </div>
      ) : null}
      {s.notice ? (
        <div className="notice" role="status" data-testid="notice">
          {s.notice}
        </div>
      ) : null}
      {s.busy ? (
        <div className="busy" role="status" aria-live="polite" data-testid="busy">
          <span className="spinner" aria-hidden="true" />
          {s.busy}
        </div>
      ) : screen.kind === 'start' ? (
        <StartScreen />
      ) : screen.kind === 'setup' ? (
        <SetupScreen key={screen.source} source={screen.source} sourceKind={screen.sourceKind} />
      ) : (
        <Workspace />
      )}
      {s.dialog === 'help' ? <HelpOverlay onClose={close} /> : null}
      {s.dialog === 'certify' ? <CertifyDialog onClose={close} /> : null}
      {s.dialog === 'amend' ? <AmendDialog onClose={close} /> : null}
      {s.dialog === 'export' ? <ExportDialog onClose={close} /> : null}
      {s.dialog === 'dead-heat' ? <DeadHeatDialog onClose={close} /> : null}
    </div>
  );
}

/** The desktop app's native menu: each item does what its keyboard shortcut does. */
async function onMenu(action: MenuAction, path?: string): Promise<void> {
  const v = viewer();
  switch (action) {
    case 'open-frames':
    case 'open-video':
    case 'open-race': {
      const purpose = action === 'open-frames' ? 'frames' : action === 'open-video' ? 'video' : 'race';
      try {
        const picked = (await rendererApi.api.pickPath({ purpose })).path;
        if (!picked) return;
        if (purpose === 'race') await openRaceAt(picked);
        else session.set({ screen: { kind: 'setup', source: picked, sourceKind: purpose }, error: null });
      } catch (err) {
        session.set({ error: messageOf(err) });
      }
      return;
    }
    case 'open-recent':
      if (path) await openRaceAt(path);
      return;
    case 'export':
      if (session.get().race) openDialog('export');
      return;
    case 'undo':
      return undo();
    case 'redo':
      return redo();
    case 'zoom-in':
      return v?.zoomBy(2);
    case 'zoom-out':
      return v?.zoomBy(0.5);
    case 'zoom-reset':
      return v?.fit();
    case 'shortcuts':
    case 'about':
      openDialog('help');
      return;
  }
}

function Header() {
  const s = useStore(session);
  const official = useStore(officialStore);
  const theme = useStore(themeStore);
  const race = s.race;
  const inWorkspace = s.screen.kind === 'workspace' && race !== null;
  const meta = race ? [race.meta.event, race.meta.round, race.meta.heat, race.meta.venue, race.meta.date].filter(Boolean).join(' · ') : '';
  return (
    <header className="topbar">
      <button type="button" className="brand" onClick={goToStart} title="Start screen (Ctrl+O)">
        <span className="logo" aria-hidden="true">
          ▍▌
        </span>
        Photofinish
      </button>
      {inWorkspace ? (
        <div className="race-title">
          <strong data-testid="race-name">{race.meta.name}</strong>
          <span className="muted small">{meta || `${race.evidence.columns.toLocaleString()} columns`}</span>
        </div>
      ) : (
        <div className="race-title" />
      )}
      {inWorkspace ? (
        <div className="actions">
          <SavedIndicator />
          <button type="button" onClick={() => void undo()} disabled={!race.canUndo || !!race.certified} title="Undo (Ctrl+Z)">
            ↶ Undo
          </button>
          <button type="button" onClick={() => void redo()} disabled={!race.canRedo || !!race.certified} title="Redo (Ctrl+Shift+Z)">
            ↷ Redo
          </button>
          {race.certified ? (
            <button type="button" onClick={() => openDialog('amend')} title="Amend (Shift+A)">
              Amend…
            </button>
          ) : (
            <button type="button" onClick={() => openDialog('certify')} title="Certify (Shift+C)" data-testid="certify">
              Certify…
            </button>
          )}
          <button type="button" onClick={() => openDialog('export')} title="Export (Shift+E)" data-testid="export">
            Export…
          </button>
        </div>
      ) : null}
      <label className="official" title="Every change is signed with this name in the audit log">
        <span className="muted small">Official</span>
        <input
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
      <button type="button" className="icon" onClick={cycleTheme} title={`Theme: ${theme.choice} (T)`} aria-label={`Theme: ${theme.choice}`}>
        ◐
      </button>
      <button type="button" className="icon" onClick={() => openDialog('help')} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">
        ?
      </button>
    </header>
  );
}

function SavedIndicator() {
  const s = useStore(session);
  const race = s.race;
  if (!race) return null;
  const text =
    s.saving === 'saving' ? 'Saving…' : s.saving === 'failed' ? 'Not saved' : `Saved · rev ${race.revision} · ${race.auditCount} audit entries`;
  return (
    <span className={`saved ${s.saving}`} role="status" data-testid="saved" title={`Audit head ${race.auditHead}`}>
      {s.saving === 'failed' ? '⚠ ' : s.saving === 'saving' ? '' : '✓ '}
      {text}
    </span>
  );
}
