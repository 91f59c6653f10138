/**
 * Race slice: the open race as the engine last returned it, and every change to it. A change goes through
 * `change()`: signed by the official, refused while the race is certified (read-only.ts), and the returned race
 * put in place.
 */
import type { SportName } from '../../../app/domain/sports/sport-list.js';
import type { ColumnTimesView, LeanRaceView } from '../../../app/api/types.js';
import type { Competitor } from '../../../app/domain/race/document.js';
import { raceClockTimes, zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { rendererApi } from '../api/index.js';
import { officialName } from './official.js';
import { askForOfficialName, showError, showNotice } from './notices.js';
import { readOnlyRefusal, type Edit } from './read-only.js';
import { DEFAULT_PICTURE, session, setSlice, type SessionState } from './state.js';

export const selectRace = (s: SessionState) => s.race.view;
export const selectTimes = (s: SessionState) => s.race.times;
export const selectResolution = (s: SessionState) => s.race.resolutionNs;
export const selectSaving = (s: SessionState) => s.race.saving;
export const selectRaceId = (s: SessionState) => s.race.view?.raceId;
export const selectCertified = (s: SessionState) => s.race.view?.certified != null;

export const api = () => rendererApi.api;

/**
 * Puts a race on screen as the engine returned it (after open, build or any change), with its column times: asked for
 * once per race (the view does not carry them), and again only where the evidence's times changed under it.
 */
export async function presentRace(race: LeanRaceView): Promise<void> {
  const held = session.get().race;
  const current = held.view?.raceId === race.raceId && held.columnTimes?.sha256 === race.evidence.timesSha256;
  showRace(race, current ? undefined : await api().getColumnTimes({ raceId: race.raceId }));
}

/**
 * Puts a race on screen; `columnTimes` where they were just fetched, else the ones held for the same race stay.
 * Re-parses times only when the evidence or time zero changed.
 */
export function showRace(race: LeanRaceView, columnTimes?: ColumnTimesView): void {
  session.set((prev) => {
    const old = prev.race.view;
    const sameRace = old?.raceId === race.raceId;
    const held = sameRace ? prev.race.columnTimes : null;
    const clock = columnTimes ?? held;
    const sameEvidence = held !== null && clock?.sha256 === held.sha256;
    // Times are shown on the race clock: a new time zero re-times the whole picture.
    const sameClock = sameEvidence && old?.results.start?.time_ns === race.results.start?.time_ns;
    // A notice about the old state ("certified and read-only") must not outlive it.
    const stateChanged = (old?.certified == null) !== (race.certified == null) || !sameRace;
    const competitorId = race.competitors.some((c) => c.id === prev.selection.competitorId) ? prev.selection.competitorId : null;
    // Only marked competitors of the same race can stay ticked for a dead heat.
    const picks = sameRace ? prev.deadHeat.picks.filter((id) => race.marks.some((m) => m.competitorId === id)) : [];
    const onScreen = prev.navigation.screen.kind === 'workspace' && prev.navigation.busy === null;
    // Slices that do not change keep their identity, so their subscribers are not rendered again.
    return {
      race: {
        ...prev.race,
        view: race,
        columnTimes: clock,
        times: sameClock ? prev.race.times : raceClockTimes(clock?.timesNs ?? [], zeroOfInfo(race.results.start)),
        resolutionNs: sameEvidence ? prev.race.resolutionNs : BigInt(race.evidence.measured.medianIntervalNs),
      },
      ...(onScreen ? {} : { navigation: { ...prev.navigation, screen: { kind: 'workspace' }, busy: null } }),
      ...(competitorId !== prev.selection.competitorId ? { selection: { ...prev.selection, competitorId } } : {}),
      ...(picks.length !== prev.deadHeat.picks.length ? { deadHeat: { picks } } : {}),
      ...(sameEvidence ? {} : { suggestions: { edges: [], current: null } }),
      // Picture adjustments belong to the race on screen.
      ...(sameRace ? {} : { picture: DEFAULT_PICTURE }),
      ...(stateChanged ? { notices: { ...prev.notices, notice: null } } : {}),
    };
  });
}

/**
 * Runs a change to the open race, signed by the official. Refuses (with a notice, no call) while the race is
 * certified (`edit` names what would change; null for certifying and amending themselves) or no official name is
 * set; shows the engine's message when it refuses.
 */
export async function change(edit: Edit | null, what: (by: string, raceId: string) => Promise<LeanRaceView>): Promise<boolean> {
  const race = session.get().race.view;
  if (!race) return false;
  const refusal = edit ? readOnlyRefusal(race, edit) : null;
  if (refusal) {
    showNotice(refusal);
    return false;
  }
  const by = officialName();
  if (!by) {
    askForOfficialName();
    return false;
  }
  setSlice('race', { saving: 'saving' });
  try {
    await presentRace(await what(by, race.raceId));
    session.set((s) => ({ race: { ...s.race, saving: 'saved' }, ...(s.notices.error ? { notices: { ...s.notices, error: null } } : {}) }));
    return true;
  } catch (err) {
    setSlice('race', { saving: 'failed' });
    showError(err);
    return false;
  }
}

/** Refreshes the race after a change made elsewhere (another window, the CLI). */
export async function refreshRace(): Promise<void> {
  const race = session.get().race.view;
  if (!race) return;
  try {
    await presentRace(await api().getRace({ raceId: race.raceId }));
  } catch (err) {
    showError(err);
  }
}

export async function undo(): Promise<void> {
  if (!session.get().race.view?.canUndo) return showNotice('Nothing to undo.');
  await change('change marks', (by, raceId) => api().undo({ raceId, by }));
}

export async function redo(): Promise<void> {
  if (!session.get().race.view?.canRedo) return showNotice('Nothing to redo.');
  await change('change marks', (by, raceId) => api().redo({ raceId, by }));
}

export async function toggleDirection(): Promise<void> {
  const r = session.get().race.view;
  if (!r) return;
  const direction = r.direction === 'ltr' ? 'rtl' : 'ltr';
  await change('change the display direction', (by, raceId) => api().setDirection({ raceId, direction, by }));
}

/** `event`: which event of a lynx.evt (`12-1-3`); its event line fills the race's event. */
export function importStartList(path: string, event?: string): Promise<boolean> {
  return change('change the start list', (by, raceId) => api().importStartList({ raceId, path: path.trim(), by, ...(event ? { event } : {}) }));
}

/** The start list as edited in the table: the whole list after the edit, one audit entry. */
export function saveStartList(competitors: Competitor[]): Promise<boolean> {
  return change('change the start list', (by, raceId) => api().editStartList({ raceId, competitors, by }));
}

export function setSport(sport: SportName): Promise<boolean> {
  return change('change the sport', (by, raceId) => api().setSport({ raceId, sport, by }));
}
