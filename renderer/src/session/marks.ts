/** Marking: placing, nudging, typing and removing the selected competitor's mark (the race slice's edits to marks). */
import { showNotice } from './notices.js';
import { api, change } from './race.js';
import { readOnlyRefusal } from './read-only.js';
import { session } from './state.js';

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

export async function placeMarkAt(milliColumn: number): Promise<void> {
  const competitorId = competitorToMark();
  if (competitorId) await change('change marks', (by, raceId) => api().placeMark({ raceId, competitorId, column: milliColumn / 1000, by }));
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
