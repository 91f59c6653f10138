/**
 * The result officials sign, as the domain computes it (`computeResults`) and every face shows it: the API and
 * `photofinish results --json` carry it unchanged. JSON only: exact times are integer-ns strings (`*_ns`), `_s`
 * fields are unrounded seconds, `_display` fields the sport's published text.
 */
import type { Amendment } from '../race/document.js';

/** Matches `photofinish results --json`. */
export interface ResultsReport {
  sport: string;
  certified: boolean;
  revision: number;
  finishers: FinisherResult[];
  /** Every amendment so far (revision, official, reason): printed on every later result sheet. */
  amendments?: Amendment[];
  /** The sport's publication rule in words, for the result sheet. */
  rule?: string;
}

export interface FinisherResult {
  /** null for competitors without a mark (listed after the finishers). */
  place: number | null;
  competitor: string;
  name: string;
  team?: string;
  lane?: string;
  time_s: number | null;
  time_ns: string | null;
  time_display: string;
  behind_winner_s: number | null;
  behind_previous_s: number | null;
  margin_display: string;
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
}
