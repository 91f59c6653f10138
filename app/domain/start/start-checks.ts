/**
 * What an official should know about time zero before signing, as checks `{ code, severity, message }` in the
 * results (`results --json` `checks`): no start set, a report not corrected for the speed of sound, and an athletics
 * race without a passed zero-control test (World Athletics requires one per camera and session). Warnings only:
 * certification goes ahead, and the sheet and the certify confirmation say so.
 * They join the record's rule checks (results/checks.ts) in the results.
 */
import type { RaceDocument } from '../race/document.js';
import type { RuleCheck } from '../results/checks.js';

export type ResultCheck = RuleCheck;

export function startChecks(doc: Pick<RaceDocument, 'settings'> & Partial<Pick<RaceDocument, 'start' | 'zeroControl'>>): ResultCheck[] {
  const checks: ResultCheck[] = [];
  if (!doc.start) {
    checks.push({ code: 'start-not-set', severity: 'warning', message: 'No time zero set: times are on the footage clock, not from the start signal.' });
  } else if (doc.start.method === 'audio' && doc.start.soundDelayNs === undefined) {
    checks.push({ code: 'sound-delay-not-corrected', severity: 'warning', message: 'Sound delay not corrected: time zero is when the report reached the microphone, not when the gun fired.' });
  }
  if (doc.settings.sport.sport === 'athletics' && !doc.zeroControl?.passed) {
    const why = doc.zeroControl ? 'the attached zero-control test failed' : 'no zero-control test is attached';
    checks.push({ code: 'zero-control-missing', severity: 'warning', message: `Athletics: ${why}; fully automatic timing needs a passed zero-control test.` });
  }
  return checks;
}
