/**
 * A competitor who takes no place: DNS, DNF or DQ (with the rule broken), and why; or the status cleared. DNS and
 * DNF are offered only without a mark (a competitor who did not finish has no finishing time); a DQ keeps the mark
 * and time for the record.
 */
import { useState, type FormEvent } from 'react';
import { STATUS_MEANING, statusesFor, type StatusName } from '../../../app/domain/race/status.js';
import { selectRace } from '../session/race.js';
import { clearStatus, setStatus, selectStatusOfSelected, takeStatusPreset } from '../session/record.js';
import { selectSelectedId } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

export function StatusDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const id = useSession(selectSelectedId);
  const current = useSession(selectStatusOfSelected);
  const marked = race?.marks.some((m) => m.competitorId === id) ?? false;
  const [status, setChoice] = useState<StatusName>(() => takeStatusPreset() ?? current?.status ?? (marked ? 'DQ' : 'DNS'));
  const [rule, setRule] = useState(current?.rule ?? '');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [busy, setBusy] = useState(false);
  const competitor = race?.competitors.find((c) => c.id === id);
  if (!race || !id || !competitor) return null;
  // The sport's own statuses (horse racing's PU, F, UR, ...), from the one list every face reads.
  const STATUSES: StatusName[] = statusesFor(race.sport.sport).map((k) => k.code);
  const who = `#${id}${competitor.name ? ` ${competitor.name}` : ''}`;

  const run = async (what: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await what();
    setBusy(false);
    if (ok) onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => setStatus(id, status, { ...(status === 'DQ' ? { rule } : {}), reason }));
  };

  return (
    <Dialog title={`Status of ${who}`} onClose={onClose} testId="status-dialog">
      <form className="form" onSubmit={submit}>
        <fieldset className="radios" disabled={busy}>
          {STATUSES.map((s) => {
            const needsNoMark = s !== 'DQ' && marked;
            return (
              <label key={s} title={needsNoMark ? 'Has a mark: remove the mark first (a competitor who did not start or finish has no time)' : undefined}>
                <input type="radio" name="status" value={s} checked={status === s} disabled={needsNoMark} onChange={() => setChoice(s)} />
                <strong>{s}</strong> — {STATUS_MEANING[s]}
                {s === 'DQ' && marked ? ' (the mark and time stay for the record, without a place)' : ''}
              </label>
            );
          })}
        </fieldset>
        {marked ? <p className="muted small">DNS and DNF need the mark removed first.</p> : null}
        {status === 'DQ' ? (
          <label>
            Rule broken
            <input name="rule" value={rule} onChange={(e) => setRule(e.target.value)} placeholder="TR 17.3.1" />
          </label>
        ) : null}
        <label>
          Reason (optional, printed on the sheet)
          <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="stepped on the lane line" />
        </label>
        <footer className="dialog-actions">
          {current ? (
            <button type="button" onClick={() => void run(() => clearStatus(id))} disabled={busy} data-testid="clear-status">
              Clear {current.status}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy} data-testid="save-status">
            Record {status}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
