/** Turning footage into a race: probing a source, building the composite, source frames for the inspector. */
import { z } from 'zod';
import type { LineProposal } from '../../domain/line/propose-line.js';
import { method } from '../define.js';
import { finishLine } from '../../domain/race/evidence.js';
import { sportName } from '../../domain/race/document.js';
import type { RaceBuildRequest } from '../../domain/race/build-request.js';
import type { FrameImage, JobStarted, JobStatus, SourceProbe } from '../types.js';
import { filePath, raceId } from './app.js';

/** Rates and times travel as decimal text so "1000" or "29.97" reach the engine exactly. */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
export const decimalText = z.union([z.string().regex(DECIMAL, 'must be a number of seconds, like 0 or -2.5'), z.number().finite()]).transform(String);
/** A rate may also be an exact fraction ("30000/1001"); the engine checks it is above zero. */
const RATE = /^\s*\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$|^\s*\+?\d+\s*\/\s*\d+\s*$/;
const rateText = z.union([z.string().regex(RATE, 'must be a rate above zero, like 1000, 29.97 or 30000/1001'), z.number().finite().positive()]).transform(String);

export const timingChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fps'), fps: rateText, startTimeS: decimalText.optional() }),
  z.object({ kind: z.literal('timestamps'), file: filePath }),
  /** The source's own times: video presentation timestamps or GIF frame delays. */
  z.object({ kind: z.literal('source') }),
  z.object({ kind: z.literal('line-rate'), rate: rateText, startTimeS: decimalText.optional() }),
]);
export type TimingChoice = z.output<typeof timingChoice>;

export const buildRequest = z.object({
  source: filePath,
  out: filePath,
  line: finishLine.optional(),
  timing: timingChoice.optional(),
  name: z.string().max(200).optional(),
  sport: sportName.default('motorsport'),
  startList: filePath.optional(),
  /** For a lynx.evt holding several events: which one (`event`, `event-round` or `event-round-heat`). */
  startListEvent: z.string().trim().min(1).max(40).optional(),
  skipBad: z.boolean().default(false),
  force: z.boolean().default(false),
  replaceCertified: z.boolean().default(false),
  /**
   * Find the suggested leading edges during the build and store them with the evidence (the default), so the race
   * opens with them; false leaves them to be found on demand (a quicker build: the detector decodes every frame again).
   */
  suggestions: z.boolean().default(true),
});
export type BuildRequest = z.output<typeof buildRequest>;
/** The schema validates into the engine's own request: a field that drifts from the domain's type fails here. */
export const toRaceBuildRequest = ({ suggestions: _suggestions, ...request }: BuildRequest): RaceBuildRequest => request;

export const buildMethods = {
  probeSource: method(z.object({ path: filePath })).returns<SourceProbe>(),
  /**
   * The finish line proposed from the footage's motion (set-up shows it as "proposed"): across the dominant motion,
   * where most crossing happens; null where the footage shows no motion to go by (or is a line-scan image).
   */
  proposeLine: method(z.object({ path: filePath })).returns<{ proposal: LineProposal | null }>(),
  /** A frame of a source before any race exists (set-up view). */
  getProbeFrame: method(z.object({ path: filePath, index: z.number().int().nonnegative().default(0) })).returns<FrameImage>(),
  startBuild: method(buildRequest).returns<JobStarted>(),
  getJob: method(z.object({ jobId: z.string().min(1).max(64) })).returns<JobStatus>(),
  cancelJob: method(z.object({ jobId: z.string().min(1).max(64) })).returns<JobStatus>(),
  /** The source frame behind a composite column (inspector), `step` frames before or after it. */
  getSourceFrame: method(
    z.object({ raceId, column: z.number().finite().nonnegative(), step: z.number().int().min(-1000).max(1000).default(0) }),
  ).returns<FrameImage>(),
};
