/** The Event: which event the race is, as the result sheet's title, the export names and the .lif header read it. */
import { useState, type FormEvent } from 'react';
import { eventLine } from '../../../app/domain/event/race-event.js';
import { EventFields } from '../record/EventFields.js';
import { eventChanges, eventForm } from '../record/event-form.js';
import { selectRace } from '../session/race.js';
import { saveEvent } from '../session/record.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

export function EventDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const [initial] = useState(() => (race ? eventForm(race.event) : null));
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!race || !form || !initial) return null;
  const readOnly = race.certified !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changes = eventChanges(initial, form);
    if (typeof changes === 'string') return setProblem(changes);
    if (Object.keys(changes).length === 0) return onClose();
    setBusy(true);
    const ok = await saveEvent(changes);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog title="Event" onClose={onClose} wide testId="event-dialog">
      <form className="form" onSubmit={submit}>
        <p className="muted">
          Printed as the result sheet’s title ({eventLine(race.event) || race.meta.name}), in the export file names and in the FinishLynx
          .lif header. Each change is recorded in the audit log.
        </p>
        {readOnly ? (
          <p className="warning" role="note">
            This race is certified and read-only. Use Amend to change the event.
          </p>
        ) : null}
        <EventFields value={form} onChange={setForm} disabled={readOnly || busy} />
        {problem ? (
          <p className="warning" role="alert">
            {problem}
          </p>
        ) : null}
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </button>
          {readOnly ? null : (
            <button type="submit" className="primary" disabled={busy} data-testid="save-event">
              {busy ? 'Saving…' : 'Save event'}
            </button>
          )}
        </footer>
      </form>
    </Dialog>
  );
}
