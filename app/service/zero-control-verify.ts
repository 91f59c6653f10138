/**
 * `verify`'s look at an attached zero-control test: the recording the race recorded for it must still exist with
 * its SHA-256, and the offset found in it again must be the one the race printed. Reported as findings (never
 * thrown); a race attached before reports were re-derived has no recording to check.
 */
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { readRaceDocument } from '../store/race-document-file.js';
import { SOFTWARE } from '../runtime/version.js';

export async function zeroControlFindings(raceDir: string): Promise<string[]> {
  const doc = await readRaceDocument(path.join(raceDir, RACE_LAYOUT.document)).catch(() => null);
  const zc = doc?.zeroControl;
  if (!doc || !zc?.recording) return [];
  const { rederiveZeroControl } = await import('../detection/start-signal/zero-control-rederive.js');
  const label = `zero control (report ${zc.reportFile})`;
  try {
    const { fresh } = await rederiveZeroControl(
      label,
      { source: { path: zc.recording.path, bytes: 0, sha256: zc.recording.sha256 }, audio: zc.recording.audio ? { ...zc.recording.audio, bytes: 0 } : null, offset_ns: zc.offsetNs },
      doc.settings.sport.sport,
      { name: SOFTWARE.name, version: SOFTWARE.version },
    );
    if (fresh.passed !== zc.passed) return [`${label}: the race records it as ${zc.passed ? 'passed' : 'failed'}, but its recording gives ${fresh.passed ? 'passed' : 'failed'}`];
    return [];
  } catch (err) {
    if (err instanceof UserError) return [err.message];
    throw err;
  }
}
