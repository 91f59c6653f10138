/**
 * What an official should know about the event before the result goes to meet-management software: a race without
 * the event's number has no key the meet software files a result under, so its FinishLynx .lif is not written (the
 * number is never invented from the name: "2026 County Champs 100m" is not event 2026).
 */
import type { RuleCheck } from '../results/checks.js';
import type { RaceEvent } from './race-event.js';

export function eventChecks(event: RaceEvent | undefined): RuleCheck[] {
  if (event?.number !== undefined && event.number !== null) return [];
  return [
    {
      code: 'event-number-missing',
      severity: 'warning',
      message: "No event number: meet-management software files a result under it, so the FinishLynx .lif is not written until one is given.",
    },
  ];
}
