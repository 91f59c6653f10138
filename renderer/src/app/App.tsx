/** The window: header, the race's state and notices, the current screen and the open dialog. */
import { useEffect } from 'react';
import type { ApiEvent } from '../../../app/api/events.js';
import { useActionKeys } from '../actions/keyboard.js';
import { runMenuAction } from '../actions/menu-events.js';
import { rendererApi } from '../api/index.js';
import { AmendDialog } from '../dialogs/AmendDialog.js';
import { CertifyDialog } from '../dialogs/CertifyDialog.js';
import { DeadHeatDialog } from '../dialogs/DeadHeatDialog.js';
import { CloseupDialog } from '../closeup/CloseupDialog.js';
import { EventDialog } from '../dialogs/EventDialog.js';
import { StatusDialog } from '../dialogs/StatusDialog.js';
import { WithdrawDeadHeatDialog } from '../dialogs/WithdrawDeadHeatDialog.js';
import { MoveMarkDialog } from '../dialogs/MoveMarkDialog.js';
import { StartListDialog } from '../dialogs/StartListDialog.js';
import { ExportDialog } from '../dialogs/ExportDialog.js';
import { HelpOverlay } from '../dialogs/HelpOverlay.js';
import { StartDialog } from '../start/StartDialog.js';
import { CaptureScreen } from '../screens/CaptureScreen.js';
import { MeetScreen } from '../meet/MeetScreen.js';
import { SetupScreen } from '../screens/SetupScreen.js';
import { StartScreen } from '../screens/StartScreen.js';
import { Workspace } from '../screens/Workspace.js';
import { closeDialog, selectDialog } from '../session/dialogs.js';
import { showNotice } from '../session/notices.js';
import { selectNavigation, startApp } from '../session/navigation.js';
import { refreshRace } from '../session/race.js';
import { session, useSession } from '../session/state.js';
import { Header } from './Header.js';
import { Notices, RaceBanner } from './StatusBars.js';

export function App() {
  const { screen, busy } = useSession(selectNavigation);
  const dialog = useSession(selectDialog);

  useEffect(() => {
    void startApp();
    return rendererApi.subscribe((e: ApiEvent) => {
      const r = session.get().race.view;
      // A change made elsewhere (another window, the CLI): show it.
      if (e.type === 'race-changed' && r && e.raceId === r.raceId && e.auditCount !== r.auditCount) void refreshRace();
      if (e.type === 'menu') runMenuAction(e.action, e.path);
      // The meet's files would drop a marked competitor: the official decides, wherever they are in the app.
      if (e.type === 'meet-changed' && e.refused.length > 0) showNotice(e.refused.join(' · '));
    });
  }, []);

  useActionKeys();

  return (
    <div className="app">
      <Header />
      <RaceBanner />
      <Notices />
      {busy ? (
        <div className="busy" role="status" aria-live="polite" data-testid="busy">
          <span className="spinner" aria-hidden="true" />
          {busy}
        </div>
      ) : screen.kind === 'start' ? (
        <StartScreen />
      ) : screen.kind === 'setup' ? (
        <SetupScreen key={screen.source} source={screen.source} sourceKind={screen.sourceKind} {...(screen.preset ? { preset: screen.preset } : {})} />
      ) : screen.kind === 'capture' ? (
        <CaptureScreen {...(screen.preset ? { preset: screen.preset } : {})} />
      ) : screen.kind === 'meet' ? (
        <MeetScreen key={screen.path} path={screen.path} />
      ) : (
        <Workspace />
      )}
      {dialog === 'help' ? <HelpOverlay onClose={closeDialog} /> : null}
      {dialog === 'certify' ? <CertifyDialog onClose={closeDialog} /> : null}
      {dialog === 'amend' ? <AmendDialog onClose={closeDialog} /> : null}
      {dialog === 'export' ? <ExportDialog onClose={closeDialog} /> : null}
      {dialog === 'dead-heat' ? <DeadHeatDialog onClose={closeDialog} /> : null}
      {dialog === 'close-up' ? <CloseupDialog onClose={closeDialog} /> : null}
      {dialog === 'event' ? <EventDialog onClose={closeDialog} /> : null}
      {dialog === 'status' ? <StatusDialog onClose={closeDialog} /> : null}
      {dialog === 'withdraw-dead-heat' ? <WithdrawDeadHeatDialog onClose={closeDialog} /> : null}
      {dialog === 'start' ? <StartDialog onClose={closeDialog} /> : null}
      {dialog === 'move-mark' ? <MoveMarkDialog /> : null}
      {dialog === 'start-list' ? <StartListDialog onClose={closeDialog} /> : null}
    </div>
  );
}
