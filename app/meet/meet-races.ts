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

export async function meetRaces(meetDir: string, input: MeetInput): Promise<MeetRaceRow[]> {
  const built = new Set(await builtRaces(meetDir));
  return Promise.all(
    input.schedule.map(async (s) => {
      const dir = meetFiles(meetDir).race(s.race);
      const doc = built.has(s.race) ? await readRaceDocument(raceFiles(dir).document).catch(() => null) : null;
      return { event: s.event, round: s.round, heat: s.heat, name: s.name, state: doc === null && built.has(s.race) ? 'built' : meetRaceState(doc), race: built.has(s.race) ? dir : null };
    }),
  );
}
