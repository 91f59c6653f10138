/** What the API hands back about a meet: the schedule with states, what the input files would change, the board. */
import type { PublishedResults } from './feed-message.js';
import type { LifPrecision } from './meet-settings.js';
import type { MeetRaceState } from './race-state.js';
import type { StartListDrop } from './start-list-change.js';

export interface MeetRaceRow {
  event: number;
  round: number;
  heat: number;
  name: string;
  state: MeetRaceState;
  /** The race folder; null until built. */
  race: string | null;
}

/** A start-list change from the meet's input files that was not applied: it would leave out these competitors. */
export interface MeetRefusal {
  race: string;
  drops: StartListDrop[];
  message: string;
}

export interface MeetView {
  path: string;
  input: string;
  output: string;
  lifPrecision: LifPrecision;
  /** `udp://HOST:PORT` or `tcp://HOST:PORT`, null without a feed. */
  feed: string | null;
  /** The board's read-only token (the official sees it to open the board on another screen). */
  boardToken: string;
  races: MeetRaceRow[];
  /** Where the meet's race folders go (`<racesDir>/012-1-03`): set-up builds a scheduled race there. */
  racesDir: string;
  /** The meet software's lynx.evt (set-up's start list for a scheduled race), null while there is none. */
  startList: string | null;
  refused: MeetRefusal[];
  /** The input files could not be read as a whole (named, one line); the schedule is then the races built so far. */
  inputProblem: string | null;
}

export interface MeetSyncResult {
  /** Races whose start list was replaced from the input files (`012-1-03`). */
  changed: string[];
  refused: MeetRefusal[];
  /** Outputs or feed messages that did not go out (the changes are recorded). */
  notes: string[];
}

/** What the announcer's board shows: the result last saved in the meet. */
export interface BoardView {
  race: string | null;
  results: PublishedResults | null;
  /** When that result was written (ISO time), null with none yet. */
  savedAt: string | null;
}

export function refusalMessage(race: string, drops: readonly StartListDrop[]): string {
  const who = drops.map((d) => `${d.competitor} (${d.has})`).join(', ');
  return `${race}: the meet's new start list leaves out ${who}; not applied (the official decides)`;
}
