/**
 * Marking: placing, moving, nudging, typing and removing the selected competitor's mark (the race slice's edits to
 * marks). Nothing moves a mark silently: a click, Enter or an accepted suggestion for a competitor who already has a
 * mark asks first ("Move #5 from 0.2013 to 0.1432?", the move-mark dialog); dragging the hairline or nudging it are
 * moves by intent and need no question. After a mark is placed the selection moves on to the next competitor with
 * neither a mark nor a status (start-list order), so the next click never lands on the one just marked.
 */
import { formatSeconds, decimalsForResolution } from '../../../app/domain/viewport/readout.js';
import { timeAtMilliColumn } from '../../../app/domain/time/column-time.js';
import { zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { closeDialog, openDialog } from './dialogs.js';
import { askForOfficialName, showNotice } from './notices.js';
import { officialName } from './official.js';
import { markRaceTime, nextUnaccepted, nextUnaccounted } from './placement.js';
import { api, change } from './race.js';
import { readOnlyRefusal } from './read-only.js';
import { session, setSlice, type Placement, type SessionState } from './state.js';

export const selectPendingMove = (s: SessionState) => s.move.pending;

/** A mark may be placed only on an open, uncertified race with a competitor selected. Says why not. */
export function markingRefusal(): string | null {
  const s = session.get();
  if (!s.race.view) return 'No race is open.';
  return (
    readOnlyRefusal(s.race.view, 'change marks') ??
    (s.selection.competitorId ? null : 'Select a competitor first (click it in the start list or type its number), then click its leading edge.')
  );
}

/** The selected competitor, or null after saying why marking cannot happen now. */
export function competitorToMark(): string | null {
  const refusal = markingRefusal();
  if (refusal) {
    showNotice(refusal);
    return null;
  }
  return session.get().selection.competitorId;
}

/** The race time a placement would give, as the move question reads it. */
function placementText(p: Placement): string {
  const s = session.get();
  const race = s.race.view;
  const decimals = decimalsForResolution(s.race.resolutionNs);
  if ('milliColumn' in p) return formatSeconds(timeAtMilliColumn(s.race.times, p.milliColumn), decimals);
  const edge = s.suggestions.edges.find((e) => e.index === p.suggestion);
  return edge && race ? formatSeconds(BigInt(edge.time_ns) - zeroOfInfo(race.results.start), decimals) : `S${p.suggestion + 1}`;
}

/**
 * Places `competitorId`'s mark; if it already has one, asks first (the move-mark dialog) and places nothing now.
 * True once placed.
 */
export async function placeFor(competitorId: string, p: Placement): Promise<boolean> {
  const s = session.get();
  const race = s.race.view;
  const existing = race?.marks.find((m) => m.competitorId === competitorId);
  // The name first: a yes to the move would only be refused for want of it.
  if (!officialName()) {
    askForOfficialName();
    return false;
  }
  if (race && existing) {
    const decimals = decimalsForResolution(s.race.resolutionNs);
    const from = formatSeconds(markRaceTime(race, s.race.times, existing), decimals);
    setSlice('move', { pending: { competitorId, from, to: placementText(p), placement: p } });
    openDialog('move-mark');
    return false;
  }
  return place(competitorId, p);
}

/** Places (or moves) the mark without asking, then selects the next competitor still to be accounted for. */
async function place(competitorId: string, p: Placement): Promise<boolean> {
  const ok = await change('change marks', (by, raceId) =>
    api().placeMark({ raceId, competitorId, ...('milliColumn' in p ? { column: p.milliColumn / 1000 } : { suggestion: p.suggestion }), by }),
  );
  const race = session.get().race.view;
  if (ok && race) {
    setSlice('selection', { competitorId: nextUnaccounted(race, competitorId) });
    // Pairing: the next suggestion nobody has taken is the one the next number goes to.
    const edges = session.get().suggestions.edges;
    if ('suggestion' in p && edges.length > 0) {
      setSlice('suggestions', { current: nextUnaccepted(race, edges.map((e) => e.index), p.suggestion) });
    }
  }
  return ok;
}

/** The official said yes to the pending move. */
export async function confirmMove(): Promise<boolean> {
  const pending = session.get().move.pending;
  setSlice('move', { pending: null });
  closeDialog();
  return pending ? place(pending.competitorId, pending.placement) : false;
}

export function cancelMove(): void {
  setSlice('move', { pending: null });
  closeDialog();
  showNotice('Nothing moved.');
}

/** A click on the picture (or Enter at the hairline). */
export async function placeMarkAt(milliColumn: number): Promise<void> {
  const competitorId = competitorToMark();
  if (competitorId) await placeFor(competitorId, { milliColumn });
}

/** The selected mark's hairline was dragged and let go here: a move by intent, so no question. */
export async function dragMarkTo(competitorId: string, milliColumn: number): Promise<void> {
  if (readOnlyRefusal(session.get().race.view, 'change marks')) return;
  await change('change marks', (by, raceId) => api().placeMark({ raceId, competitorId, column: milliColumn / 1000, by }));
}

/** Moves the selected competitor's mark by `deltaMilli` thousandths of a column. */
export async function nudgeSelected(deltaMilli: number): Promise<void> {
  const competitorId = competitorToMark();
  if (!competitorId) return;
  const s = session.get();
  const mark = s.race.view?.marks.find((m) => m.competitorId === competitorId);
  if (!mark) return showNotice('The selected competitor has no mark yet: click its leading edge first.');
  if (mark.position.kind !== 'column') {
    return showNotice('This mark is a typed time; it cannot be nudged on the image. Click to place an image mark instead.');
  }
  const max = Math.max(0, (s.race.times.length - 1) * 1000);
  const milli = Math.min(max, Math.max(0, mark.position.milliColumn + deltaMilli));
  await change('change marks', (by, raceId) => api().placeMark({ raceId, competitorId, column: milli / 1000, by }));
}

export async function removeSelectedMark(): Promise<void> {
  const s = session.get();
  const id = s.selection.competitorId;
  const marked = id !== null && s.race.view?.marks.some((m) => m.competitorId === id);
  const refusal = readOnlyRefusal(s.race.view, 'change marks') ?? (marked ? null : 'Select a competitor with a mark to remove it.');
  if (refusal) return showNotice(refusal);
  await change('change marks', (by, raceId) => api().removeMark({ raceId, competitorId: id as string, by }));
}

/** Keys in a time for the selected competitor (typed marks are flagged everywhere, as federations require). */
export async function typeTimeForSelected(timeS: string): Promise<boolean> {
  const competitorId = competitorToMark();
  if (!competitorId) return false;
  return change('change marks', (by, raceId) => api().placeMark({ raceId, competitorId, timeS: timeS.trim(), by }));
}
