/**
 * Where `build --meet MEETDIR --event 12-1-3` puts a race and what it starts from: the folder `races/012-1-03`, the
 * meet's lynx.evt for its start list and event identity, the schedule's event name for its name.
 */
import { UserError } from '../domain/errors.js';
import { meetRaceName, parseMeetEvent } from '../domain/meet/race-name.js';
import { meetFiles } from './meet-folder.js';
import { findInputFile, readMeetInput } from './meet-input.js';
import { meetPaths, readMeetSettings } from './meet-settings-file.js';

export interface MeetBuildTarget {
  race: string;
  out: string;
  /** The lynx.evt holding the race's start list; null where the schedule names a race lynx.evt has no entries for. */
  startList: string | null;
  startListEvent: string;
  name: string;
}

export async function meetBuildTarget(meetDir: string, eventText: string, what = 'event'): Promise<MeetBuildTarget> {
  const settings = await readMeetSettings(meetDir);
  const { input: inputDir } = meetPaths(meetDir, settings);
  const key = parseMeetEvent(eventText, what);
  const race = meetRaceName(key);
  const input = await readMeetInput(inputDir);
  const entry = input.schedule.find((s) => s.race === race);
  if (!entry) {
    const known = input.schedule.slice(0, 12).map((s) => `${s.event}-${s.round}-${s.heat}`).join(', ');
    throw new UserError(`${meetDir}: the meet's schedule has no race ${key.event}-${key.round}-${key.heat} (scheduled: ${known || 'none'})`, 'NOT_FOUND');
  }
  const listed = input.startLists.get(race);
  const evt = await findInputFile(inputDir, 'lynx.evt');
  return {
    race,
    out: meetFiles(meetDir).race(race),
    startList: listed && listed.competitors.length > 0 ? evt : null,
    startListEvent: `${key.event}-${key.round}-${key.heat}`,
    name: entry.name || race,
  };
}
