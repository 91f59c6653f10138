/** What the Meet screen offers: the next race to set up, and set-up's fields for a scheduled race. */
import type { MeetRaceRow, MeetView } from '../../../app/api/types.js';
import { meetRaceName } from '../../../app/domain/meet/race-name.js';
import type { SetupPreset } from '../session/state.js';

/** The first race of the schedule not built yet (the meet runs in schedule order), or null when all are built. */
export function nextRace(meet: MeetView): MeetRaceRow | null {
  return meet.races.find((r) => r.state === 'scheduled') ?? null;
}

/** Set-up filled from the schedule: the race's name, its folder in the meet and its start list in lynx.evt. */
export function setupPreset(meet: MeetView, row: MeetRaceRow): SetupPreset {
  const sep = meet.racesDir.includes('\\') && !meet.racesDir.includes('/') ? '\\' : '/';
  const name = meetRaceName(row);
  return { meet: meet.path, name: row.name || name, out: `${meet.racesDir}${sep}${name}`, startList: meet.startList, startListEvent: `${row.event}-${row.round}-${row.heat}` };
}

export const STATE_LABELS: Record<MeetRaceRow['state'], string> = {
  scheduled: 'Scheduled',
  built: 'Built',
  marked: 'Marked',
  certified: 'Certified',
  amended: 'Amended',
};
