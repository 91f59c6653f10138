/**
 * A meet's schedule: the races of `lynx.sch` in running order, named from `lynx.evt`'s event lines; without a
 * lynx.sch, every event of lynx.evt in file order (as FinishLynx does).
 */
import type { ScheduledRace } from '../start-list/lynx-schedule.js';
import type { EvtEvent } from '../start-list/parse-start-list.js';
import { meetRaceName, sameRace, type MeetRaceKey } from './race-name.js';

export interface MeetScheduleEntry extends MeetRaceKey {
  /** The event name of lynx.evt's event line ('' where lynx.evt has no such event). */
  name: string;
  /** `012-1-03`: the race folder's and the result file's name. */
  race: string;
  /** False where the schedule names a race lynx.evt has no start list for (yet). */
  hasStartList: boolean;
}

export function meetSchedule(schedule: readonly ScheduledRace[] | null, events: readonly EvtEvent[]): MeetScheduleEntry[] {
  const keyOf = (e: EvtEvent): MeetRaceKey => ({ event: e.number, round: e.round, heat: e.heat });
  const keys: MeetRaceKey[] = schedule ? schedule.map((s) => ({ event: s.number, round: s.round, heat: s.heat })) : events.map(keyOf);
  const seen = new Set<string>();
  const out: MeetScheduleEntry[] = [];
  for (const k of keys) {
    const race = meetRaceName(k);
    if (seen.has(race)) continue; // a schedule that lists a race twice still has one race
    seen.add(race);
    const e = events.find((x) => sameRace(keyOf(x), k));
    out.push({ ...k, name: e?.name ?? '', race, hasStartList: e !== undefined });
  }
  return out;
}
