/**
 * The official record from the workspace: the event, DNS/DNF/DQ, and withdrawing a dead heat. Each is one audited
 * change through `change()`; the dialogs that ask for a rule, a reason or the event's fields open from here.
 */
import type { DeadHeat } from '../../../app/domain/race/document.js';
import type { StatusName } from '../../../app/domain/race/status.js';
import { setOfficial } from './official.js';
import { openDialog } from './dialogs.js';
import { showNotice } from './notices.js';
import { api, change } from './race.js';
import { readOnlyRefusal } from './read-only.js';
import { session, type SessionState } from './state.js';

/** What the Event dialog sends: a value sets a field, null clears it (only the fields the official changed). */
export type EventChange = Partial<Record<'name' | 'meet' | 'venue' | 'date' | 'startTime', string | null> & Record<'number' | 'round' | 'heat' | 'distanceM' | 'windMps', number | null>>;

export function saveEvent(fields: EventChange): Promise<boolean> {
  return change('change the event', (by, raceId) => api().setEvent({ raceId, by, ...fields }));
}

/** The declared dead heat the selected competitor is in, if any. */
export function selectedDeadHeat(s: SessionState): DeadHeat | null {
  const id = s.selection.competitorId;
  return (id && s.race.view?.deadHeats.find((dh) => dh.competitors.includes(id))) || null;
}

export const selectStatusOfSelected = (s: SessionState) => s.race.view?.statuses.find((st) => st.competitorId === s.selection.competitorId) ?? null;

/** Opens a dialog that acts on the selected competitor; says why not where it cannot. */
function openFor(dialog: 'status' | 'withdraw-dead-heat', needs: string, ok: (s: SessionState) => boolean): void {
  const s = session.get();
  if (!s.race.view) return;
  const refusal = readOnlyRefusal(s.race.view, dialog === 'status' ? 'record a status' : 'withdraw a dead heat') ?? (ok(s) ? null : needs);
  if (refusal) return showNotice(refusal);
  openDialog(dialog);
}

/** The status the dialog starts on where the official already chose one (the row's menu); read once. */
let statusPreset: StatusName | null = null;
export function takeStatusPreset(): StatusName | null {
  const p = statusPreset;
  statusPreset = null;
  return p;
}

export function openStatusDialog(preset: StatusName | null = null): void {
  statusPreset = preset;
  openFor('status', 'Select a competitor in the start list first, then give its status.', (s) => s.selection.competitorId !== null);
}
export const openWithdrawDeadHeat = () =>
  openFor('withdraw-dead-heat', 'Select a competitor of a declared dead heat (its DH badge) to withdraw the dead heat.', (s) => selectedDeadHeat(s) !== null);

export function setStatus(competitorId: string, status: StatusName, extra: { rule?: string; reason?: string } = {}): Promise<boolean> {
  const rule = extra.rule?.trim();
  const reason = extra.reason?.trim();
  return change('record a status', (by, raceId) =>
    api().setStatus({ raceId, competitorId, status, by, ...(rule ? { rule } : {}), ...(reason ? { reason } : {}) }),
  );
}

export function clearStatus(competitorId: string): Promise<boolean> {
  return change('record a status', (by, raceId) => api().clearStatus({ raceId, competitorId, by }));
}

/** Withdraws the dead heat `ids` are in, signed by `by` (also made the workspace's official). */
export async function withdrawDeadHeat(ids: readonly string[], by: string, reason: string): Promise<boolean> {
  setOfficial(by);
  const ok = await change('withdraw a dead heat', (signer, raceId) =>
    api().withdrawDeadHeat({ raceId, competitors: [...ids], by: signer, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
  );
  if (ok) showNotice(`Dead heat ${ids.map((id) => `#${id}`).join(' and ')} withdrawn by ${by}.`);
  return ok;
}
