/**
 * Which rules a result was computed by. A certification freezes the result's hash; `verify` recomputes it, so a
 * change to what a result contains would make every earlier certification fail. Each change is a new version: a
 * certification records the version it was computed with (`resultsRules`; absent = 1) and is recomputed with it.
 *   1  the first rules.
 *   2  dead-heaters share one published time, the time of the first of them as read, with no margin between them
 *      (in every sport's practice they share place and time); a typed or hand time has no evidence resolution and
 *      is never "in a dropped-frame gap" (it was not read from the picture).
 *   3  one published result (published-margin.ts): margins by one definition per sport (athletics: of the published
 *      times; motorsport: of the readings to 1/1000 s; horse, greyhound: lengths only) in `behind_*_s` and
 *      `behind_*_display`, none between dead-heaters (null, blank, never +0.00); dead-heaters share the published
 *      time but keep their own readings; athletics finishers equal at 1/1000 s are placed by the picture at its
 *      full resolution (with a note), only a declared dead heat shares a place; every `_s` number is the exact
 *      decimal of its ticks; rows carry their flags, notes and dead-heat group.
 *      Also: horse distances by the current British table: quarter lengths to 3¾, whole lengths counted to 200, no
 *      "distance" (sports/distances.ts); rules 1 and 2 keep the table they were certified with.
 */
import { UserError } from '../errors.js';

export const RESULTS_RULES = 3;

/** The version a certification was computed with (those made before versions existed: 1). */
export function certifiedRules(certification: { resultsRules?: number | undefined }): number {
  return certification.resultsRules ?? 1;
}

/** The rules a race's result follows: a certified race's stay those it was certified by; an open race's are current. */
export function resultsRulesOf(doc: { certified?: { resultsRules?: number | undefined } | undefined }): number {
  return doc.certified ? certifiedRules(doc.certified) : RESULTS_RULES;
}

export function checkRules(rules: number): void {
  if (!Number.isInteger(rules) || rules < 1 || rules > RESULTS_RULES) {
    throw new UserError(`results rules version ${rules} is not known to this version of Photofinish (it knows 1 to ${RESULTS_RULES})`, 'INVALID_ARGUMENT');
  }
}
