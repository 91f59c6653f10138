/**
 * Declare a dead heat: names the finishers, the place they will share and the official who rules it, before the
 * decision is recorded in the audit log. Where it cannot be declared as ticked, says why instead of offering it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatInterval } from '../../../app/domain/viewport/readout.js';
import { planDeadHeat, tag } from '../session/dead-heat.js';
import { officialStore } from '../session/official.js';
import { useStore } from '../session/store.js';
import { declareDeadHeat, selectDeadHeatPicks } from '../session/dead-heat-picks.js';
import { selectRace, selectTimes } from '../session/race.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';
import { FinisherSummary } from './FinisherSummary.js';

export function DeadHeatDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const picks = useSession(selectDeadHeatPicks);
  const times = useSession(selectTimes);
  const official = useStore(officialStore);
  const [name, setName] = useState(official.name);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // The modal focuses its close button first; the official's name is what to check before confirming.
  useEffect(() => nameRef.current?.focus(), []);
  if (!race) return null;
  const plan = planDeadHeat(race, picks, times);
  const first = plan.members[0];
  const spread = first && plan.members.length > 1 ? BigInt(plan.members[plan.members.length - 1]?.time_ns ?? '0') - BigInt(first.time_ns ?? '0') : 0n;
  const names = plan.members.map(tag);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
  const signer = name.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (plan.refusal || !signer) return;
    setBusy(true);
    const ok = await declareDeadHeat(
      plan.members.map((f) => f.competitor),
      signer,
    );
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog title="Declare a dead heat" onClose={onClose} testId="dead-heat-dialog">
      <form onSubmit={submit} className="form">
        {plan.members.length > 0 ? (
          <FinisherSummary finishers={plan.members} placeHeading="Place now" />
        ) : null}
        {plan.refusal ? (
          <p className="warning" role="alert" data-testid="dead-heat-refusal">
            {plan.refusal}
          </p>
        ) : (
          <>
            <p data-testid="dead-heat-summary">
              {plan.joins ? <>This joins {plan.joins}: </> : null}
              <strong>{list}</strong> will share <strong>place {plan.place}</strong>, each marked DH on the results and the result
              sheet. The decision is recorded in the audit log as made by the official below.
            </p>
            {plan.publishedTimesDiffer ? (
              <p className="warning" role="note">
                Their marks are {formatInterval(spread)} apart and their published times differ. Declare a
                dead heat only where the officials rule that they cannot be separated.
              </p>
            ) : null}
          </>
        )}
        <label>
          Declared by (official)
          <input ref={nameRef} name="official" value={name} onChange={(e) => setName(e.target.value)} required autoFocus autoComplete="name" />
        </label>
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {plan.refusal ? null : (
            <button type="submit" className="primary" disabled={busy || !signer}>
              {busy ? 'Declaring…' : `Declare dead heat for place ${plan.place}${signer ? ` — ${signer}` : ''}`}
            </button>
          )}
        </footer>
      </form>
    </Dialog>
  );
}
