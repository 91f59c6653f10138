/**
 * The read-only guard: every edit of a certified race is refused before anything reaches the engine, with one
 * wording that names the edit and the way out (Amend); a change without an official's name asks for one.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('../../../../renderer/src/api/index.js', () => ({
  rendererApi: {
    api: new Proxy(
      {},
      {
        get: (_t, method: string) => async () => {
          calls.push(method);
          throw new Error(`${method} reached the engine`);
        },
      },
    ),
    subscribe: () => () => undefined,
    fetchRaceFile: async () => new Blob(),
    downloadExport: async () => new Blob(),
  },
}));

const { setOfficial } = await import('../../../../renderer/src/session/official.js');
const { openDeadHeat, toggleDeadHeatPick } = await import('../../../../renderer/src/session/dead-heat-picks.js');
const { nudgeSelected, placeMarkAt, removeSelectedMark, typeTimeForSelected } = await import('../../../../renderer/src/session/marks.js');
const { change, importStartList, setSport, showRace, toggleDirection } = await import('../../../../renderer/src/session/race.js');
const { readOnlyRefusal } = await import('../../../../renderer/src/session/read-only.js');
const { selectCompetitor } = await import('../../../../renderer/src/session/selection.js');
const { initialSession, session } = await import('../../../../renderer/src/session/state.js');
const { CERTIFIED, columnTimes, raceView } = await import('../fakes/race-view.js');

const notice = () => session.get().notices.notice;

beforeEach(() => {
  calls.length = 0;
  session.set(initialSession());
  setOfficial('A. Judge');
});

describe('a certified race', () => {
  beforeEach(() => {
    showRace(raceView({ certified: CERTIFIED }), columnTimes());
    selectCompetitor('5');
  });

  it.each([
    ['placing a mark', () => placeMarkAt(1500), 'change marks'],
    ['nudging a mark', () => nudgeSelected(100), 'change marks'],
    ['typing a time', () => typeTimeForSelected('10.5'), 'change marks'],
    ['removing a mark', () => removeSelectedMark(), 'change marks'],
    ['reversing the display', () => toggleDirection(), 'change the display direction'],
    ['importing a start list', () => importStartList('/lists/heat.evt'), 'change the start list'],
    ['changing the sport', () => setSport('athletics'), 'change the sport'],
  ] as const)('refuses %s, saying to amend it, without calling the engine', async (_what, edit, words) => {
    await edit();
    expect(notice()).toBe(`This race is certified and read-only. Use Amend to ${words}.`);
    expect(calls).toEqual([]);
  });

  it('refuses a dead heat before opening its dialog', () => {
    toggleDeadHeatPick('5');
    openDeadHeat();
    expect(notice()).toBe('This race is certified and read-only. Use Amend to declare a dead heat.');
    expect(session.get().dialog.open).toBeNull();
  });

  it('still lets the officials amend it (no edit named: the call goes through)', async () => {
    expect(await change(null, async () => raceView())).toBe(true);
    expect(session.get().race.view?.certified).toBeNull();
  });
});

describe('an open race', () => {
  it('has no read-only refusal', () => {
    expect(readOnlyRefusal(raceView(), 'change marks')).toBeNull();
  });

  it('asks for the official’s name before a change, by a request the header acts on (no DOM in the session)', async () => {
    showRace(raceView(), columnTimes());
    selectCompetitor('5');
    setOfficial('  ');
    await placeMarkAt(1500);
    expect(notice()).toMatch(/Enter your name as the official/);
    expect(session.get().notices.officialNameWanted).toBe(1);
    expect(calls).toEqual([]);
  });

  it('says why a mark cannot be placed before anything else: no selection', async () => {
    showRace(raceView(), columnTimes());
    await placeMarkAt(1500);
    expect(notice()).toMatch(/^Select a competitor first/);
    await removeSelectedMark();
    expect(notice()).toBe('Select a competitor with a mark to remove it.');
    expect(calls).toEqual([]);
  });
});
