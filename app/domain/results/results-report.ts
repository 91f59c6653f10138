/**
 * The result officials sign, as the domain computes it (`computeResults`) and every face shows it: the API and
 * `photofinish results --json` carry it unchanged. JSON only: exact times are integer-ns strings (`*_ns`), `_s`
 * fields are unrounded seconds, `_display` fields the sport's published text.
 */
import type { EventInfo } from '../event/race-event.js';
import type { Amendment } from '../race/document.js';
import type { RuleCheck } from './checks.js';
import type { OtherResult } from './others.js';

export type { OtherResult, RuleCheck };
import type { StartInfo, ZeroControlInfo } from '../start/start-json.js';

/** Matches `photofinish results --json`. */
export interface ResultsReport {
  /** The result rules it was computed by (results-rules.ts); not hashed (a certification records its own). */
  rules?: number;
  sport: string;
  /** False where the race's certification does not hold (see `integrity`). */
  certified: boolean;
  /** Set by the service for a race whose record says certified: the outcome of checking it in full. */
  integrity?: { ok: boolean; problems: string[] };
  revision: number;
  /** Which event (null where unset). */
  event: EventInfo;
  /** The placed finishers, in order. */
  finishers: FinisherResult[];
  /** Start-list competitors who take no place: DNS, DNF, DQ, or neither mark nor status ("unmarked"). */
  others: OtherResult[];
  /** Rule checks before certification (the record's rules, then time zero's); an error stops it, warnings do not. */
  checks: RuleCheck[];
  /** Every amendment so far (revision, official, reason): printed on every later result sheet. */
  amendments?: Amendment[];
  /** The sport's publication rule in words, for the result sheet. */
  rule?: string;
  /**
   * Time zero: every time above is footage time − `start.time_s`; all its fields are null while no start is set.
   * Always present in what the service returns (optional only for reports made before time zero existed).
   */
  start?: StartInfo;
  zero_control?: ZeroControlInfo | null;
}

export interface FinisherResult {
  /** null only in results hashed before `others` existed (see results-hash.ts). */
  place: number | null;
  competitor: string;
  name: string;
  team?: string;
  lane?: string;
  /** The competitor's own reading (a dead-heater's too), the exact decimal of `time_ns` (rules 3). */
  time_s: number | null;
  time_ns: string | null;
  /** The published time (dead-heaters share the first one's). */
  time_display: string;
  /**
   * The published margins in seconds, as displayed (rules 3; published-margin.ts): athletics the difference of the
   * published times, motorsport of the readings to 1/1000 s; null for the winner, between dead-heaters and in
   * horse and greyhound racing (their margins are lengths). Before rules 3: the readings' unrounded difference.
   */
  behind_winner_s: number | null;
  behind_previous_s: number | null;
  /** The published margin behind the previous finisher (= `behind_previous_display` from rules 3). */
  margin_display: string;
  /** The published margins as printed ("+0.04", "1¼ lengths"; '' for the winner and between dead-heaters). */
  behind_winner_display?: string;
  behind_previous_display?: string;
  /** The exact differences of the readings themselves (not a published margin). */
  reading_behind_winner_s?: number | null;
  reading_behind_previous_s?: number | null;
  /** The declared dead heat this finisher shares a place with (its members in result order), or null. */
  dead_heat_group?: string[] | null;
  /** The short flags every face prints (result-flags.ts). */
  flags?: string[];
  /** Notes on the row ("separated on the picture by 0.4 ms from #11"). */
  notes?: string[];
  /** Horse and greyhound racing: the official distance name behind the previous finisher. */
  lengths_display?: string;
  /** Local frame interval (or line period) at the mark: the resolution of the evidence. */
  resolution_s: number | null;
  dead_heat: boolean;
  typed: boolean;
  suggested: boolean;
  /** Set where an exact tie at the published precision must go to the rule book. */
  tie?: boolean;
  /** Set where the mark falls within a column of a dropped-frame gap. */
  near_gap?: boolean;
  /** Set for a hand-timed time (published to 1/10 s rounded up, with an "h"). */
  hand?: boolean;
  /** Horse racing: the judge set the distance shown (lengths_display); what the scale computed, why, and who. */
  judge_distance?: { computed: string; reason: string; by: string };
}
