/** Withdraw a declared dead heat: who is in it, who declared it, the reason, and the official who withdraws it. */
import { useState, type FormEvent } from 'react';
import { officialStore } from '../session/official.js';
import { useStore } from '../session/store.js';
import { selectedDeadHeat, withdrawDeadHeat } from '../session/record.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

export function WithdrawDeadHeatDialog({ onClose }: { onClose(): void }) {
  const dh = useSession(selectedDeadHeat);
  const official = useStore(officialStore);
  const [name, setName] = useState(official.name);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!dh) return null;
  const members = dh.competitors.map((c) => `#${c}`).join(' and ');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const ok = await withdrawDeadHeat(dh.competitors, name.trim(), reason);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog title="Withdraw a dead heat" onClose={onClose} testId="withdraw-dead-heat-dialog">
      <form className="form" onSubmit={submit}>
        <p data-testid="withdraw-summary">
          The dead heat between <strong>{members}</strong>, declared by {dh.by}, will no longer stand: they are placed by their marks again.
          The withdrawal is recorded in the audit log and noted on the result sheet.
        </p>
        <label>
          Reason (optional)
          <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="photo re-read: #3 ahead by a torso" />
        </label>
        <label>
          Withdrawn by (official)
          <input name="official" value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
        </label>
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy || !name.trim()} data-testid="confirm-withdraw">
            {busy ? 'Withdrawing…' : `Withdraw the dead heat${name.trim() ? ` — ${name.trim()}` : ''}`}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
