/**
 * The whole view of a race (manifest and column times included) as the exporters read it, put together from what
 * the API returns: the lean view, `getEvidence` and `getColumnTimes`. For tests that hand an API's race to an
 * exporter directly.
 */
import type { PhotofinishApi } from '../../app/api/contract.js';
import type { LeanRaceView, RaceView } from '../../app/api/types.js';

type EvidenceCalls = Pick<PhotofinishApi, 'getEvidence' | 'getColumnTimes'>;

export async function fullView(api: EvidenceCalls, view: LeanRaceView): Promise<RaceView> {
  const [evidence, times] = await Promise.all([api.getEvidence({ raceId: view.raceId }), api.getColumnTimes({ raceId: view.raceId })]);
  return { ...view, evidence, timesNs: times.timesNs, frames: times.frames };
}
