/** Amend a certified race: reopens it for changes as a new revision, with the reason recorded in the audit log. */
import { useState, type FormEvent } from 'react';
import { officialStore } from '../session/official.js';
import { useStore } from '../session/store.js';
import { amendRace } from '../session/certification.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

export function AmendDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const official = useStore(officialStore);
  const [name, setName] = useState(official.name);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!race?.certified) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const ok = await amendRace(name, reason);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog title="Amend certified results" onClose={onClose} testId="amend-dialog">
      <form onSubmit={submit} className="form">
        <p>
          Revision {race.revision} was certified by <strong>{race.certified.official}</strong> ({race.certified.role}). Amending
          opens revision {race.revision + 1} for changes; the certified revision and your reason stay in the audit log and on
          the result sheet.
        </p>
        <label>
          Official
          <input name="official" value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Reason (required)
          <textarea name="reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} required minLength={3} autoFocus placeholder="e.g. Protest by team 12 upheld after review of the source frames" />
        </label>
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary danger" disabled={busy || reason.trim().length < 3 || !name.trim()}>
            {busy ? 'Amending…' : 'Amend'}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
