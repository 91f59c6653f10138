/**
 * The workspace session: which screen is up, the open race, and every action that changes it. Components read it
 * through `useStore(session)`; actions call the typed API and put the returned RaceView in place.
 */
import type { SportName } from '../../../app/domain/sports/sport-list.js';
import type { AppInfo, EdgeSuggestion, RaceView } from '../../../app/api/types.js';
import { parseColumnTimes } from '../../../app/domain/time/column-time.js';
import type { Ticks } from '../../../app/domain/time/ticks.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from './errors.js';
import { officialName, setOfficial } from './official.js';
import { createStore } from './store.js';

export type Screen = { kind: 'start' } | { kind: 'setup'; source: string; sourceKind: SetupKind } | { kind: 'workspace' };
export type SetupKind = 'frames' | 'video' | 'linescan';
export type Dialog = null | 'help' | 'certify' | 'amend' | 'export' | 'dead-heat';

export interface SessionState {
  info: AppInfo | null;
  screen: Screen;
  /** A blocking activity ("Opening the demo race…"), shown as a loading state. */
  busy: string | null;
  /** The last failure, shown in an alert bar until dismissed. */
  error: string | null;
  /** A short-lived notice (e.g. "Race is certified: amend it to change marks"). */
  notice: string | null;
  race: RaceView | null;
  /** `race.timesNs` converted once. */
  times: Ticks[];
  /** Median column interval: the evidence's resolution (readout decimals, results header). */
  resolutionNs: Ticks;
  selectedId: string | null;
  saving: 'idle' | 'saving' | 'saved' | 'failed';
  suggestions: EdgeSuggestion[];
  /** Finishers ticked in the results table for a dead-heat declaration (ids, in the order ticked). */
  deadHeatPick: string[];
  dialog: Dialog;
}

export const session = createStore<SessionState>({
  info: null,
  screen: { kind: 'start' },
  busy: null,
  error: null,
  notice: null,
  race: null,
  times: [],
  resolutionNs: 0n,
  selectedId: null,
  saving: 'idle',
  suggestions: [],
  deadHeatPick: [],
  dialog: null,
});

const api = () => rendererApi.api;

export function showError(err: unknown): void {
  session.set({ error: messageOf(err), busy: null });
}

let noticeTimer: ReturnType<typeof setTimeout> | undefined;
export function showNotice(text: string): void {
  session.set({ notice: text });
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => session.set({ notice: null }), 5000);
}

/** Puts a race on screen (after open, build or any change). Re-parses times only when the evidence changed. */
export function showRace(race: RaceView): void {
  const prev = session.get();
  const sameEvidence = prev.race?.raceId === race.raceId && prev.times.length === race.timesNs.length;
  const times = sameEvidence ? prev.times : parseColumnTimes(race.timesNs);
  const resolutionNs = sameEvidence ? prev.resolutionNs : BigInt(race.evidence.measured.medianIntervalNs);
  const selectedId = race.competitors.some((c) => c.id === prev.selectedId) ? prev.selectedId : null;
  // Only marked competitors of the same race can stay ticked for a dead heat.
  const deadHeatPick = prev.race?.raceId === race.raceId ? prev.deadHeatPick.filter((id) => race.marks.some((m) => m.competitorId === id)) : [];
  // A notice about the old state ("certified and read-only") must not outlive it.
  const stateChanged = (prev.race?.certified == null) !== (race.certified == null) || prev.race?.raceId !== race.raceId;
  session.set({
    race,
    times,
    resolutionNs,
    selectedId,
    deadHeatPick,
    screen: { kind: 'workspace' },
    busy: null,
    suggestions: sameEvidence ? prev.suggestions : [],
    ...(stateChanged ? { notice: null } : {}),
  });
}

async function opening(label: string, open: () => Promise<RaceView>): Promise<void> {
  session.set({ busy: label, error: null });
  try {
    showRace(await open());
  } catch (err) {
    showError(err);
  }
}

export const openDemoRace = () => opening('Opening the demo race…', () => api().openDemoRace({}));
export const openRaceAt = (path: string) => opening(`Opening ${path}…`, () => api().openRace({ path }));

export async function startApp(): Promise<void> {
  session.set({ busy: 'Starting…' });
  try {
    const info = await api().getAppInfo({});
    session.set({ info, busy: null });
    if (info.startup?.kind === 'demo') await openDemoRace();
    else if (info.startup?.kind === 'race') await openRaceAt(info.startup.path);
  } catch (err) {
    showError(err);
  }
}

export function goToStart(): void {
  session.set({ screen: { kind: 'start' }, dialog: null, error: null });
}

/**
 * Runs a change to the open race, signed by the official. Refuses (with a notice, no call) when no official name
 * is set; shows the engine's message when it refuses.
 */
export async function change(
  what: (by: string, raceId: string) => Promise<RaceView>,
): Promise<boolean> {
  const race = session.get().race;
  if (!race) return false;
  const by = officialName();
  if (!by) {
    showNotice('Enter your name as the official (top right) before changing the race.');
    document.getElementById('official-name')?.focus();
    return false;
  }
  session.set({ saving: 'saving' });
  try {
    showRace(await what(by, race.raceId));
    session.set({ saving: 'saved', error: null });
    return true;
  } catch (err) {
    session.set({ saving: 'failed' });
    showError(err);
    return false;
  }
}

/** Refreshes the race after a change made elsewhere (another window, the CLI). */
export async function refreshRace(): Promise<void> {
  const race = session.get().race;
  if (!race) return;
  try {
    showRace(await api().getRace({ raceId: race.raceId }));
  } catch (err) {
    showError(err);
  }
}

export function isCertified(): boolean {
  return session.get().race?.certified != null;
}

/** A mark may be placed only on an open, uncertified race with a competitor selected. Says why not. */
export function markingRefusal(): string | null {
  const s = session.get();
  if (!s.race) return 'No race is open.';
  if (s.race.certified) return 'This race is certified and read-only. Use Amend to change marks.';
  if (!s.selectedId) return 'Select a competitor first (click it in the start list or type its number), then click its leading edge.';
  return null;
}

export async function placeMarkAt(milliColumn: number): Promise<void> {
  const refusal = markingRefusal();
  if (refusal) {
    showNotice(refusal);
    return;
  }
  const competitorId = session.get().selectedId as string;
  await change((by, raceId) => api().placeMark({ raceId, competitorId, column: milliColumn / 1000, by }));
}

export async function acceptSuggestion(index: number): Promise<void> {
  const refusal = markingRefusal();
  if (refusal) {
    showNotice(refusal);
    return;
  }
  const competitorId = session.get().selectedId as string;
  const ok = await change((by, raceId) => api().placeMark({ raceId, competitorId, suggestion: index, by }));
  if (ok) showNotice(`#${competitorId} marked at suggested edge S${index + 1}, accepted by ${officialName() ?? 'you'}.`);
}

/** Moves the selected competitor's mark by `deltaMilli` thousandths of a column. */
export async function nudgeSelected(deltaMilli: number): Promise<void> {
  const s = session.get();
  const refusal = markingRefusal();
  if (refusal) {
    showNotice(refusal);
    return;
  }
  const mark = s.race?.marks.find((m) => m.competitorId === s.selectedId);
  if (!mark) {
    showNotice('The selected competitor has no mark yet: click its leading edge first.');
    return;
  }
  if (mark.position.kind !== 'column') {
    showNotice('This mark is a typed time; it cannot be nudged on the image. Click to place an image mark instead.');
    return;
  }
  const max = Math.max(0, (s.times.length - 1) * 1000);
  const milli = Math.min(max, Math.max(0, mark.position.milliColumn + deltaMilli));
  await change((by, raceId) => api().placeMark({ raceId, competitorId: mark.competitorId, column: milli / 1000, by }));
}

export async function removeSelectedMark(): Promise<void> {
  const s = session.get();
  if (s.race?.certified) return showNotice('This race is certified and read-only. Use Amend to change marks.');
  const id = s.selectedId;
  if (!id || !s.race?.marks.some((m) => m.competitorId === id)) return showNotice('Select a competitor with a mark to remove it.');
  await change((by, raceId) => api().removeMark({ raceId, competitorId: id, by }));
}

export async function undo(): Promise<void> {
  const r = session.get().race;
  if (!r?.canUndo) return showNotice('Nothing to undo.');
  await change((by, raceId) => api().undo({ raceId, by }));
}

export async function redo(): Promise<void> {
  const r = session.get().race;
  if (!r?.canRedo) return showNotice('Nothing to redo.');
  await change((by, raceId) => api().redo({ raceId, by }));
}

export async function toggleDirection(): Promise<void> {
  const r = session.get().race;
  if (!r) return;
  if (r.certified) {
    showNotice('This race is certified and read-only. Use Amend to change the display direction.');
    return;
  }
  const direction = r.direction === 'ltr' ? 'rtl' : 'ltr';
  await change((by, raceId) => api().setDirection({ raceId, direction, by }));
}

/** Shows the suggested leading edges, or hides them where they are shown (the button and S toggle). */
export async function suggestEdges(): Promise<void> {
  const r = session.get().race;
  if (!r) return;
  if (session.get().suggestions.length > 0) {
    session.set({ suggestions: [], notice: null });
    return;
  }
  session.set({ busy: null });
  showNotice('Looking for leading edges…');
  try {
    const { edges } = await api().detectEdges({ raceId: r.raceId });
    session.set({ suggestions: edges });
    showNotice(
      edges.length
        ? `${edges.length} suggested edge${edges.length === 1 ? '' : 's'} shown as dashed ghost lines (S1 is the earliest). Select a competitor, then accept one from the toolbar list or press A at the hairline.`
        : 'No leading edges found: place the marks by hand.',
    );
  } catch (err) {
    showError(err);
  }
}

export function selectCompetitor(id: string | null): void {
  session.set({ selectedId: id });
}

export function openDialog(dialog: Dialog): void {
  session.set({ dialog });
}

/** Keys in a time for the selected competitor (typed marks are flagged everywhere, as federations require). */
export async function typeTimeForSelected(timeS: string): Promise<boolean> {
  const refusal = markingRefusal();
  if (refusal) {
    showNotice(refusal);
    return false;
  }
  const competitorId = session.get().selectedId as string;
  return change((by, raceId) => api().placeMark({ raceId, competitorId, timeS: timeS.trim(), by }));
}

export async function importStartList(path: string): Promise<boolean> {
  if (isCertified()) {
    showNotice('This race is certified and read-only. Use Amend to change the start list.');
    return false;
  }
  return change((by, raceId) => api().importStartList({ raceId, path: path.trim(), by }));
}

export async function setSport(sport: SportName): Promise<boolean> {
  if (isCertified()) {
    showNotice('This race is certified and read-only. Use Amend to change the sport.');
    return false;
  }
  return change((by, raceId) => api().setSport({ raceId, sport, by }));
}

/** Ticks or unticks a finisher for a dead-heat declaration. */
export function toggleDeadHeatPick(id: string): void {
  const pick = session.get().deadHeatPick;
  session.set({ deadHeatPick: pick.includes(id) ? pick.filter((x) => x !== id) : [...pick, id] });
}

/** Opens the dead-heat confirmation for the ticked finishers; says why not where it cannot be declared at all. */
export function openDeadHeat(): void {
  const s = session.get();
  if (!s.race) return;
  if (s.race.certified) return showNotice('This race is certified and read-only. Use Amend to declare a dead heat.');
  if (s.deadHeatPick.length < 2) {
    return showNotice('Tick two or more finishers in the results table (the DH column), then declare the dead heat.');
  }
  openDialog('dead-heat');
}

/** Records the officials' dead-heat decision for `ids`, signed by `by` (also made the workspace's official). */
export async function declareDeadHeat(ids: string[], by: string): Promise<boolean> {
  setOfficial(by);
  const ok = await change((signer, raceId) => api().declareDeadHeat({ raceId, competitors: ids, by: signer }));
  if (ok) {
    session.set({ deadHeatPick: [] });
    const place = session.get().race?.results.finishers.find((f) => f.competitor === ids[0])?.place;
    const tags = ids.map((id) => `#${id}`);
    const who = tags.length > 1 ? `${tags.slice(0, -1).join(', ')} and ${tags[tags.length - 1]}` : tags.join('');
    showNotice(`Dead heat declared by ${by}: ${who} share place ${place ?? '—'}.`);
  }
  return ok;
}
