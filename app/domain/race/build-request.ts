/**
 * What a build is asked to do, as the engine (imaging's race builder) takes it. The API's `startBuild` schema
 * validates arguments into exactly this shape (app/api/methods/build.ts checks that it does); rates and times stay
 * decimal text so "1000" or "29.97" reach the engine exactly.
 */
import type { SportName } from './document.js';
import type { FinishLine } from './evidence.js';

/** Where each frame's time comes from. */
export type TimingChoice =
  | { kind: 'fps'; fps: string; startTimeS?: string | undefined }
  | { kind: 'timestamps'; file: string }
  /** The source's own times: video presentation timestamps or GIF frame delays. */
  | { kind: 'source' }
  | { kind: 'line-rate'; rate: string; startTimeS?: string | undefined };

export interface RaceBuildRequest {
  /** A frame folder, a video, a GIF or a native line-scan image. */
  source: string;
  /** The race folder to create. */
  out: string;
  line?: FinishLine | undefined;
  timing?: TimingChoice | undefined;
  name?: string | undefined;
  sport: SportName;
  startList?: string | undefined;
  /** For a lynx.evt holding several events: which one (`event`, `event-round` or `event-round-heat`). */
  startListEvent?: string | undefined;
  /** Leave unreadable frames out as a recorded gap instead of refusing the build. */
  skipBad: boolean;
  /** Replace an existing race folder at `out`. */
  force: boolean;
  /** With `force`: also replace a race that was certified (its revisions, certifications and audit trail are lost). */
  replaceCertified?: boolean | undefined;
}
