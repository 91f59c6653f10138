/** The meet's schedule with each race's state, as `photofinish meet races` and the Meet screen list it. */
import { readdir } from 'node:fs/promises';
import type { MeetRaceRow } from '../domain/meet/meet-view.js';
import { meetRaceState } from '../domain/meet/race-state.js';
import { readRaceDocument } from '../store/race-document-file.js';
import { raceFiles } from '../store/race-store.js';
import { meetFiles } from './meet-folder.js';
import type { MeetInput } from './meet-input.js';

/** The races already built in the meet folder, by name. */
export async function builtRaces(meetDir: string): Promise<string[]> {
  const entries = await readdir(meetFiles(meetDir).races, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
}

/**
 * The schedule's races in running order, then any race built in the meet that the schedule no longer names (the
 * meet software dropped it): a race with a result is never left off the list.
 */
export async function meetRaces(meetDir: string, input: MeetInput | null): Promise<MeetRaceRow[]> {
  const built = await builtRaces(meetDir);
  const schedule = input?.schedule ?? [];
  const row = async (race: string, key: { event: number; round: number; heat: number } | null, name: string): Promise<MeetRaceRow | null> => {
    const dir = meetFiles(meetDir).race(race);
    const isBuilt = built.includes(race);
    const doc = isBuilt ? await readRaceDocument(raceFiles(dir).document).catch(() => null) : null;
    const k = key ?? (doc?.event?.number != null ? { event: doc.event.number, round: doc.event.round ?? 1, heat: doc.event.heat ?? 1 } : null);
    if (!k) return null; // a folder of races/ that is not a race of this meet
    return { event: k.event, round: k.round, heat: k.heat, name: name || (doc?.event?.name ?? ''), state: doc === null && isBuilt ? 'built' : meetRaceState(doc), race: isBuilt ? dir : null };
  };
  const rows = await Promise.all([
    ...schedule.map((s) => row(s.race, s, s.name)),
    ...built.filter((b) => !schedule.some((s) => s.race === b)).sort().map((b) => row(b, null, '')),
  ]);
  return rows.filter((r): r is MeetRaceRow => r !== null);
}
