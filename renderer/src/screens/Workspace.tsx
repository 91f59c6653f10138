/** Read & mark: the composite viewer, start list, live results and the source-frame inspector. Keyboard-first. */
import { useCallback, useRef } from 'react';
import { AdjustBar } from '../panels/AdjustBar.js';
import { Inspector } from '../panels/Inspector.js';
import { ResultsTable } from '../panels/ResultsTable.js';
import { StartListPanel } from '../panels/StartListPanel.js';
import { inspectColumn, inspectorFollows } from '../session/inspector.js';
import { useSession, type SessionState } from '../session/state.js';
import { CompositeViewer } from '../viewer/CompositeViewer.js';

/** How long the pointer rests before the inspector follows the hairline (not on every pixel). */
const FOLLOW_AFTER_MS = 250;

const selectHasRace = (s: SessionState) => s.race.view !== null;

export function Workspace() {
  const hasRace = useSession(selectHasRace);
  const followTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const onHover = useCallback((milli: number | null) => {
    clearTimeout(followTimer.current);
    if (milli === null || !inspectorFollows()) return;
    followTimer.current = setTimeout(() => inspectColumn(milli / 1000), FOLLOW_AFTER_MS);
  }, []);

  if (!hasRace) return null;
  return (
    <div className="workspace">
      <AdjustBar />
      <CompositeViewer onHover={onHover} />
      <div className="panels">
        <StartListPanel />
        <ResultsTable />
        <Inspector />
      </div>
    </div>
  );
}
