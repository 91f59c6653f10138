/** Time zero (the start signal) and the zero-control test: find it, confirm it, change or clear it. */
import { z } from 'zod';
import { method } from '../define.js';
import type { StartProposal } from '../../domain/start/start-proposal.js';
import type { ZeroControlReport } from '../../domain/start/zero-control.js';
import type { LeanRaceView } from '../types.js';
import { actor, filePath, raceId } from './app.js';
import { decimalText } from './build.js';
import { sportName } from '../../domain/race/document.js';

/** Where the sound comes from and how far it travelled (metres from the start to the microphone, °C). */
const audioOptions = {
  /** An audio file on the footage's clock; the race video's own track when absent. */
  audioPath: filePath.optional(),
  distanceM: decimalText.optional(),
  temperatureC: decimalText.optional(),
};

export const startMethods = {
  /** Finds the start signal without recording it, with the waveform or the flash frames for the official to check. */
  findStart: method(z.object({ raceId, method: z.enum(['audio', 'flash']), ...audioOptions })).returns<StartProposal>(),
  /**
   * Records time zero (an audited change; refused on a certified race): `typed` takes `timeS` on the footage's own
   * clock; `audio` and `flash` find the signal again (the same result `findStart` showed) and record it.
   */
  setStart: method(
    z
      .object({ raceId, method: z.enum(['typed', 'audio', 'flash']), timeS: decimalText.optional(), ...audioOptions, by: actor })
      .refine((a) => (a.method === 'typed') === (a.timeS !== undefined), { message: 'a typed start needs timeS, and only a typed start takes it' })
      .refine((a) => a.method === 'audio' || (a.audioPath === undefined && a.distanceM === undefined && a.temperatureC === undefined), {
        message: 'an audio file, distance and temperature apply to an audio start only',
      }),
  ).returns<LeanRaceView>(),
  clearStart: method(z.object({ raceId, by: actor })).returns<LeanRaceView>(),
  /**
   * Attaches a zero-control report (the file written by `runZeroControl`): the offset is re-derived from the recording
   * it names (which must exist with the SHA-256 the report recorded) and judged by the race's sport; the report's
   * and the recording's SHA-256 and the verdict are recorded. A report that does not match its recording is refused.
   */
  attachZeroControl: method(z.object({ raceId, reportPath: filePath, by: actor })).returns<LeanRaceView>(),
  /**
   * Runs the zero-control test on a recording, judged by `sport`'s rules (a race folder's own sport, else one frame
   * interval); writes the report to `out` when given.
   */
  runZeroControl: method(z.object({ source: filePath, audioPath: filePath.optional(), sport: sportName.optional(), out: filePath.optional(), by: actor })).returns<ZeroControlReport>(),
};
