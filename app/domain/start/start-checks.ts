/**
 * What an official should know about time zero before signing, as checks `{ code, severity, message }` in the
 * results (`results --json` `checks`): no start set, a report not corrected for the speed of sound, a typed start in
 * athletics (`start-not-automatic`: not fully automatic timing, which starts with the gun), an athletics race without
 * a passed zero-control test (World Athletics requires one per camera and session), and a zero-control test recorded
 * by another camera than the race's (`zero-control-other-recording`). Warnings only: certification goes ahead, and
 * the sheet and the certify confirmation say so.
 * They join the record's rule checks (results/checks.ts) in the results.
 */
import type { RaceDocument } from '../race/document.js';
import type { EvidenceManifest } from '../race/evidence.js';
import type { RuleCheck } from '../results/checks.js';

export type ResultCheck = RuleCheck;

/** What of the race's evidence the checks compare a zero-control recording with. */
export type CameraEvidence = { source: Pick<EvidenceManifest['source'], 'files' | 'width' | 'height'> };

export function startChecks(doc: Pick<RaceDocument, 'settings'> & Partial<Pick<RaceDocument, 'start' | 'zeroControl'>>, evidence?: CameraEvidence): ResultCheck[] {
  const checks: ResultCheck[] = [];
  const athletics = doc.settings.sport.sport === 'athletics';
  if (athletics && doc.start?.method === 'typed') {
    checks.push({ code: 'start-not-automatic', severity: 'warning', message: 'Athletics: time zero was typed in, not taken from the start signal: not fully automatic timing.' });
  }
  if (!doc.start) {
    checks.push({ code: 'start-not-set', severity: 'warning', message: 'No time zero set: times are on the footage clock, not from the start signal.' });
  } else if (doc.start.method === 'audio' && doc.start.soundDelayNs === undefined) {
    checks.push({ code: 'sound-delay-not-corrected', severity: 'warning', message: 'Sound delay not corrected: time zero is when the report reached the microphone, not when the gun fired.' });
  }
  if (athletics && !doc.zeroControl?.passed) {
    const failures = doc.zeroControl?.failures?.length ? ` (${doc.zeroControl.failures.join('; ')})` : '';
    const why = doc.zeroControl ? `the attached zero-control test failed${failures}` : 'no zero-control test is attached';
    checks.push({ code: 'zero-control-missing', severity: 'warning', message: `Athletics: ${why}; fully automatic timing needs a passed zero-control test.` });
  }
  const other = otherCamera(doc.zeroControl, evidence);
  if (other) checks.push({ code: 'zero-control-other-recording', severity: 'warning', message: `The zero-control test was not recorded by this race's camera: ${other}.` });
  return checks;
}

/**
 * Why the attached test's recording is not of the race's camera, or null: the race's own footage is; another
 * recording is taken for the same camera where its picture has the race footage's size (a camera in another mode,
 * or another camera, gives another size).
 */
function otherCamera(zc: RaceDocument['zeroControl'], evidence: CameraEvidence | undefined): string | null {
  if (!zc?.recording || !evidence) return null;
  if (evidence.source.files.some((f) => f.sha256 === zc.recording?.sha256)) return null;
  const c = zc.camera;
  const s = evidence.source;
  if (!c || (c.width === s.width && c.height === s.height)) return null;
  return `its recording's picture is ${c.width}×${c.height}, the race footage's ${s.width}×${s.height}`;
}
