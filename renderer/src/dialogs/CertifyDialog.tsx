/** Certify: the official's name and role, and exactly what will be frozen (results, evidence, audit head). */
import { useState, type FormEvent } from 'react';
import { officialStore } from '../session/official.js';
import { useStore } from '../session/store.js';
import { certifyRace } from '../session/certification.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';
import { CERTIFY_ROLES } from './certify-roles.js';
import { ChecksList } from './ChecksList.js';
import { FinisherSummary } from './FinisherSummary.js';

export function CertifyDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const official = useStore(officialStore);
  const [name, setName] = useState(official.name);
  const [role, setRole] = useState(() => CERTIFY_ROLES[race?.sport.sport ?? 'athletics'][0] as string);
  const [busy, setBusy] = useState(false);
  if (!race) return null;
  const placed = race.results.finishers.filter((f) => f.place !== null);
  const others = race.results.others.filter((o) => o.status !== 'unmarked');
  const errors = race.results.checks.filter((c) => c.severity === 'error');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    // On success the export dialog follows with Export focused: the sheet is one Enter away.
    await certifyRace(name, role);
    setBusy(false);
  };

  return (
    <Dialog title="Certify results" onClose={onClose} wide testId="certify-dialog">
      <form onSubmit={submit} className="form">
        <p>
          Certifying freezes the race at revision <strong>{race.revision}</strong>: the results below, the evidence
          ({race.evidence.columns.toLocaleString()} columns from {race.evidence.source.description || race.evidence.source.path}) and
          the audit log ({race.auditCount} entries, head <code>{race.auditHead.slice(0, 12)}</code>). After this the race is
          read-only; changes need an amendment with a reason.
        </p>
        <FinisherSummary finishers={placed} />
        {others.length > 0 ? (
          <p className="muted" data-testid="certify-others">
            Not placed: {others.map((o) => `#${o.competitor} ${o.status}${o.rule ? ` (${o.rule})` : ''}`).join(', ')}.
          </p>
        ) : null}
        {race.results.checks.length > 0 ? (
          <>
            <p>
              {errors.length > 0
                ? 'Certification waits until these are fixed:'
                : 'Checks before certifying (certifying anyway prints them on the result sheet):'}
            </p>
            <ChecksList checks={race.results.checks} testId="certify-checks" />
          </>
        ) : null}
        <div className="fields">
          <label>
            Official
            <input name="official" value={name} onChange={(e) => setName(e.target.value)} required autoFocus autoComplete="name" />
          </label>
          <label>
            Role
            <input name="role" value={role} onChange={(e) => setRole(e.target.value)} required list="certify-roles" />
            <datalist id="certify-roles">
              {CERTIFY_ROLES[race.sport.sport].map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
          </label>
        </div>
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy || !name.trim() || placed.length === 0 || errors.length > 0}>
            {busy ? 'Certifying…' : `Certify ${placed.length} result${placed.length === 1 ? '' : 's'}`}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
