/**
 * The rule checks an official sees before certifying (and the sheet prints when certified anyway). Errors stop
 * certification; warnings are for the official to weigh:
 *   error    a start-list competitor with neither a mark nor a status (nobody goes missing from a result);
 *   error    a declared dead heat the marks do not support (a race saved before dead heats were checked);
 *   warning  athletics below 100 images/s: not valid as fully automatic timing (World Athletics TR 19.19);
 *            100 to 999: below the 1000 images/s asked for at top-level meetings;
 *   warning  a time interpolated across a dropped-frame gap; a hairline accepted from a low-confidence
 *            suggestion; a typed or hand time; a dead heat withdrawn because its marks no longer support it.
 * Other areas add their own checks here (a zero-control test, for one).
 */
import type { FinisherResult } from './results-report.js';
import type { WithdrawnDeadHeat } from '../race/dead-heat-withdrawal.js';
import type { DeadHeat, Mark } from '../race/document.js';
import type { OtherResult } from './others.js';
import { official, reasonAfter, timeWords } from './message-slots.js';

export interface RuleCheck {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** `rate-given-differs`: the rate given and the footage's own, images per second. */
  rates?: { given: number; own: number };
}

/** Below this a suggested edge is not one to accept without looking (an edge without a sub-frame fit rates ≤ 0.3). */
export const LOW_CONFIDENCE = 0.5;

export interface CheckInput {
  sport: string;
  finishers: readonly FinisherResult[];
  others: readonly OtherResult[];
  marks: readonly Mark[];
  deadHeats: readonly DeadHeat[];
  /** Dead heats the marks do not support, with why. */
  unsupported: readonly { deadHeat: DeadHeat; why: string }[];
  withdrawn: readonly WithdrawnDeadHeat[];
  /** Measured images (frames or lines) per second of the evidence, where known. */
  rate?: number;
}

const ids = (list: readonly string[]) => list.map((c) => `#${c}`).join(', ');
const listed = (list: readonly string[]) => list.map((c) => `#${c}`).join(' and ');

export function ruleChecks(input: CheckInput): RuleCheck[] {
  const checks: RuleCheck[] = [];
  const add = (code: string, severity: RuleCheck['severity'], message: string) => checks.push({ code, severity, message });

  const unmarked = input.others.filter((o) => o.status === 'unmarked').map((o) => o.competitor);
  if (unmarked.length) {
    const one = unmarked.length === 1;
    add('unaccounted', 'error', `competitor${one ? '' : 's'} ${ids(unmarked)} ha${one ? 's' : 've'} neither a mark nor a status (DNS, DNF or DQ)`);
  }
  for (const u of input.unsupported) add('dead-heat-unsupported', 'error', `the dead heat between ${listed(u.deadHeat.competitors)} is not supported by the marks: ${u.why}`);

  if (input.sport === 'athletics' && input.rate !== undefined && Number.isFinite(input.rate)) {
    const rate = input.rate >= 100 ? input.rate.toFixed(0) : input.rate.toFixed(1);
    if (input.rate < 100) add('athletics-rate-not-fat', 'warning', `the footage has ${rate} images per second: below 100, its times are not valid as fully automatic timing (World Athletics)`);
    else if (input.rate < 999.5) add('athletics-rate-below-1000', 'warning', `the footage has ${rate} images per second: World Athletics asks for at least 1000 at top-level meetings`);
  }

  const marks = new Map(input.marks.map((m) => [m.competitorId, m]));
  for (const f of input.finishers) {
    const m = marks.get(f.competitor);
    if (f.near_gap) {
      const res = f.resolution_s !== null ? ` (${(f.resolution_s * 1000).toFixed(1)} ms without a picture)` : '';
      add('time-across-gap', 'warning', `#${f.competitor}: the time is interpolated across a dropped-frame gap${res}`);
    }
    if (m?.origin === 'suggestion' && m.suggestion && m.suggestion.confidence < LOW_CONFIDENCE) {
      add('low-confidence-suggestion', 'warning', `#${f.competitor}: the hairline was accepted from a detected edge of low confidence (${Math.round(m.suggestion.confidence * 100)}%)`);
    }
    const time = timeWords(f.time_display, f.time_ns);
    if (m?.origin === 'typed') add('typed-time', 'warning', `#${f.competitor}: the time ${time ? `${time} ` : ''}was typed in, not read from the image`);
    if (m?.origin === 'hand') add('hand-time', 'warning', `#${f.competitor}: ${time ? `${time} is` : 'the time is'} a hand time, not fully automatic`);
  }

  const active = input.deadHeats.map((dh) => [...dh.competitors].sort().join(','));
  for (const w of input.withdrawn) {
    if (active.includes([...w.competitors].sort().join(','))) continue;
    add('dead-heat-withdrawn', 'warning', `the dead heat between ${listed(w.competitors)} (declared by ${official(w.declaredBy)}) was withdrawn by ${official(w.by)}${reasonAfter(w.reason)}`);
  }
  return checks;
}
