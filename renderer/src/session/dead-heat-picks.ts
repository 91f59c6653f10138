/** Dead-heat slice: finishers ticked in the results table, the declaration's dialog, and the declaration itself. */
import { setOfficial } from './official.js';
import { openDialog } from './dialogs.js';
import { showNotice } from './notices.js';
import { api, change } from './race.js';
import { readOnlyRefusal } from './read-only.js';
import { session, setSlice, type SessionState } from './state.js';

export const selectDeadHeatPicks = (s: SessionState) => s.deadHeat.picks;

/** Ticks or unticks a finisher for a dead-heat declaration. */
export function toggleDeadHeatPick(id: string): void {
  const picks = session.get().deadHeat.picks;
  setSlice('deadHeat', { picks: picks.includes(id) ? picks.filter((x) => x !== id) : [...picks, id] });
}

/** Opens the dead-heat confirmation for the ticked finishers; says why not where it cannot be declared at all. */
export function openDeadHeat(): void {
  const s = session.get();
  if (!s.race.view) return;
  const refusal =
    readOnlyRefusal(s.race.view, 'declare a dead heat') ??
    (s.deadHeat.picks.length < 2 ? 'Tick two or more finishers in the results table (the DH column), then declare the dead heat.' : null);
  if (refusal) return showNotice(refusal);
  openDialog('dead-heat');
}

/** Records the officials' dead-heat decision for `ids`, signed by `by` (also made the workspace's official). */
export async function declareDeadHeat(ids: string[], by: string): Promise<boolean> {
  setOfficial(by);
  const ok = await change('declare a dead heat', (signer, raceId) => api().declareDeadHeat({ raceId, competitors: ids, by: signer }));
  if (ok) {
    setSlice('deadHeat', { picks: [] });
    const place = session.get().race.view?.results.finishers.find((f) => f.competitor === ids[0])?.place;
    const tags = ids.map((id) => `#${id}`);
    const who = tags.length > 1 ? `${tags.slice(0, -1).join(', ')} and ${tags[tags.length - 1]}` : tags.join('');
    showNotice(`Dead heat declared by ${by}: ${who} share place ${place ?? '—'}.`);
  }
  return ok;
}
