/**
 * The race's clock in the viewer's toolbar: time zero and how it was set (or that times are still on the footage
 * clock), as the button that opens the Time zero dialog. A way chosen in set-up opens the dialog as soon as the
 * built race is on screen, so the official confirms what the engine finds.
 */
import { useEffect } from 'react';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { selectDialog } from '../session/dialogs.js';
import { selectRace } from '../session/race.js';
import { openStartDialog, planIsFor, planStart, selectStartPlan } from '../session/start.js';
import { useSession } from '../session/state.js';

const METHOD = { audio: 'gun’s report', flash: 'flash', typed: 'typed' } as const;

export function StartChip() {
  const race = useSession(selectRace);
  const plan = useSession(selectStartPlan);
  const dialog = useSession(selectDialog);
  useEffect(() => {
    if (!race || !plan || dialog !== null) return;
    if (planIsFor(plan, race.evidence.source.path)) openStartDialog();
    else planStart(null);
  }, [race, plan, dialog]);
  if (!race) return null;
  const start = race.results.start;
  const set = start?.method && start.time_ns !== null;
  return (
    <div className="group">
      <ActionButton
        action="set-start"
        className={`start-chip${set ? '' : ' unset'}`}
        data-testid="start-chip"
        title={tooltip('set-start', set ? 'Time zero: change or clear it' : 'No time zero: times are on the footage clock. Set it from the gun’s report, its flash or a typed time')}
      >
        {set ? `Zero ${formatSeconds(BigInt(start.time_ns as string), 4)} s · ${METHOD[start.method as keyof typeof METHOD]}` : 'No time zero · footage clock'}
      </ActionButton>
    </div>
  );
}
