/**
 * The session's slices: a change to one slice leaves the others as they were (so a notice or a selection does not
 * render the race's panels again), a race shown again keeps what still applies, and nothing reaches for the DOM.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeTo } from '../../../../renderer/src/session/store.js';
import { selectDeadHeatPicks, toggleDeadHeatPick } from '../../../../renderer/src/session/dead-heat-picks.js';
import { showNotice } from '../../../../renderer/src/session/notices.js';
import { adjustPicture } from '../../../../renderer/src/session/picture.js';
import { selectRace, showRace } from '../../../../renderer/src/session/race.js';
import { finishTyping, selectCompetitor, selectSelectedId, typeDigit } from '../../../../renderer/src/session/selection.js';
import { initialSession, session, type SessionState } from '../../../../renderer/src/session/state.js';
import { columnTimes, raceView } from '../fakes/race-view.js';

/** How often subscribers of each selector would have been told (and so rendered again). */
function listen(selectors: Record<string, (s: SessionState) => unknown>) {
  const heard: Record<string, number> = Object.fromEntries(Object.keys(selectors).map((k) => [k, 0]));
  for (const [name, select] of Object.entries(selectors)) subscribeTo(session, select, () => heard[name]!++);
  return heard;
}

beforeEach(() => {
  vi.useFakeTimers();
  session.set(initialSession());
});

describe('session slices', () => {
  it('a notice, a selection or a picture change tells only the components that show it', () => {
    showRace(raceView(), columnTimes());
    const heard = listen({ race: selectRace, selected: selectSelectedId, notices: (s) => s.notices, picture: (s) => s.picture, picks: selectDeadHeatPicks });
    showNotice('Nothing to undo.');
    expect(heard).toEqual({ race: 0, selected: 0, notices: 1, picture: 0, picks: 0 });
    selectCompetitor('17');
    adjustPicture({ invert: true });
    toggleDeadHeatPick('5');
    expect(heard).toEqual({ race: 0, selected: 1, notices: 1, picture: 1, picks: 1 });
    vi.advanceTimersByTime(5000);
    expect(session.get().notices.notice).toBeNull();
    expect(heard.notices).toBe(2);
  });

  it('showing a change to the same race keeps the selection, the picture and still-marked dead-heat picks', () => {
    showRace(raceView(), columnTimes());
    selectCompetitor('17');
    adjustPicture({ contrast: 2 });
    toggleDeadHeatPick('5');
    const before = session.get();
    const heard = listen({ selected: selectSelectedId, picture: (s) => s.picture, picks: selectDeadHeatPicks, navigation: (s) => s.navigation });
    showRace(raceView({ revision: 2 }), columnTimes());
    expect(heard).toEqual({ selected: 0, picture: 0, picks: 0, navigation: 0 });
    expect(session.get().race.times).toBe(before.race.times);
    // Another race: selection, picks and picture adjustments do not carry over.
    showRace(raceView({ raceId: 'race-2', competitors: [] }), columnTimes());
    expect(session.get()).toMatchObject({ selection: { competitorId: null }, deadHeat: { picks: [] }, picture: { contrast: 1 } });
  });

  it('typing a number selects that competitor once typing pauses, leading zeros aside', () => {
    showRace(raceView(), columnTimes());
    typeDigit('2');
    typeDigit('4');
    expect(session.get().selection).toEqual({ competitorId: null, typed: '24' });
    vi.advanceTimersByTime(700);
    expect(session.get().selection).toEqual({ competitorId: '024', typed: '' });
    typeDigit('9');
    expect(finishTyping()).toBe(true);
    expect(session.get().selection.competitorId).toBe('024');
    expect(session.get().notices.notice).toBe('No competitor number 9 in the start list.');
    expect(finishTyping()).toBe(false);
  });
});
