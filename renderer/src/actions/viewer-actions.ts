/** Actions that steer the viewer or read the hairline: they act on the mounted viewer (none: nothing happens). */
import { MAX_SCALE } from '../../../app/domain/viewport/viewport.js';
import { inspectColumn } from '../session/inspector.js';
import { nudgeSelected, placeMarkAt } from '../session/marks.js';
import { showNotice } from '../session/notices.js';
import { markColumn } from '../session/placement.js';
import { session } from '../session/state.js';
import { acceptSuggestion } from '../session/suggestions.js';
import { viewer } from '../viewer/viewer-handle.js';

/** How close (screen pixels) the hairline must be to a ghost line for A to accept it. */
export const ACCEPT_REACH_PX = 24;
/** Screen pixels per column that centring on a mark zooms to, when further out than FOCUS_FROM_SCALE. */
const FOCUS_SCALE = 16;
const FOCUS_FROM_SCALE = 4;

export function placeMarkAtHairline(): void {
  const v = viewer();
  if (v) void placeMarkAt(v.cursorMilliColumn);
}

/** Arrows move the mark the way they point on screen, whichever way time runs. Shift: a whole column. */
export function nudgeOnScreen(side: 'left' | 'right', far: boolean): void {
  const towardsEnd = (side === 'right') === (session.get().race.view?.direction === 'ltr');
  void nudgeSelected((towardsEnd ? 1 : -1) * (far ? 1000 : 100));
}

export function inspectAtHairline(): void {
  const v = viewer();
  if (v) inspectColumn(v.cursorMilliColumn / 1000);
}

export function goToRaceEnd(): void {
  const columns = session.get().race.view?.evidence.columns ?? 1;
  viewer()?.centreOn(columns - 1);
}

/** Centres on the selected competitor's mark, whatever kind (clicked, accepted suggestion, typed time). */
export function centreOnSelected(): void {
  const s = session.get();
  const race = s.race.view;
  const m = race?.marks.find((x) => x.competitorId === s.selection.competitorId);
  const v = viewer();
  if (!race || !m || !v) {
    showNotice('Select a competitor with a mark to centre on it.');
    return;
  }
  const column = markColumn(race, s.race.times, m);
  v.hairlineTo(column);
  if (v.viewport.scale < FOCUS_FROM_SCALE) {
    v.zoomToScale(Math.min(MAX_SCALE, FOCUS_SCALE), v.screenXOfColumn(column));
    v.hairlineTo(column);
  }
}

/** The next (or previous) F-key trigger mark after the hairline, in time order, wrapping round at the ends. */
export function goToTrigger(step: 1 | -1): void {
  const columns = (session.get().race.view?.triggers ?? []).flatMap((t) => (t.milliColumn === null ? [] : [t.milliColumn]));
  const v = viewer();
  if (!v) return;
  if (columns.length === 0) {
    showNotice('This race has no trigger marks (they are made with F while recording from a camera).');
    return;
  }
  const at = v.cursorMilliColumn;
  const target = step > 0 ? (columns.find((c) => c > at) ?? columns[0]) : ([...columns].reverse().find((c) => c < at) ?? columns[columns.length - 1]);
  v.hairlineTo((target as number) / 1000);
}

/** Accepts the ghost line under the hairline, never one elsewhere in the race (off screen). */
export function acceptNearest(): void {
  const edges = session.get().suggestions.edges;
  const v = viewer();
  if (!v || edges.length === 0) {
    showNotice('No suggestions shown. Press S to look for leading edges.');
    return;
  }
  const c = v.cursorMilliColumn / 1000;
  const nearest = edges.reduce((a, b) => (Math.abs(b.column - c) < Math.abs(a.column - c) ? b : a));
  const px = Math.abs(v.screenXOfColumn(nearest.column) - v.screenXOfColumn(c));
  if (px > ACCEPT_REACH_PX) {
    showNotice(`No suggested edge within ${ACCEPT_REACH_PX} px of the hairline: put the hairline on a dashed ghost line, then press A.`);
    return;
  }
  void acceptSuggestion(nearest.index);
}
