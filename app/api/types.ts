/**
 * Data that crosses the API (IPC, HTTP, CLI --json). JSON only: exact times are integer nanoseconds as decimal
 * strings (`*Ns`), `_s` fields are unrounded seconds as numbers, `_display` fields the sport's published text.
 */
import type { Competitor, RaceMeta, SportSettings, Mark, DeadHeat, Certification, Amendment, EdgeFlag } from '../domain/race/document.js';
import type { EvidenceManifest, FinishLine, SourceKind } from '../domain/race/evidence.js';
import type { Hint, HintFacts } from '../domain/errors.js';
import type { ResultsReport } from '../domain/results/results-report.js';

/** The result is the domain's own output; the API carries it as it is. */
export type { FinisherResult, ResultsReport } from '../domain/results/results-report.js';

export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' in the desktop window, 'browser' through the localhost bridge. */
  shell: 'electron' | 'browser';
  /** True where the shell can show native open/save dialogs (pickPath works). */
  nativeDialogs: boolean;
  demoRacePath: string | null;
  /** What the workspace opens on start: the demo race, a race folder given on the command line, or nothing. */
  startup: { kind: 'demo' } | { kind: 'race'; path: string } | null;
}

export interface RecentRace {
  path: string;
  name: string;
  openedAt: string;
}

/** One race, as the workspace shows it. `raceId` is an opaque handle valid for this run of the app. */
export interface RaceView {
  raceId: string;
  path: string;
  meta: RaceMeta;
  evidence: EvidenceManifest;
  /** Time of every composite column, integer ns as strings. */
  timesNs: string[];
  /** Source frame index of every composite column. */
  frames: number[];
  sport: SportSettings;
  direction: 'ltr' | 'rtl';
  competitors: Competitor[];
  marks: Mark[];
  deadHeats: DeadHeat[];
  results: ResultsReport;
  revision: number;
  certified: Certification | null;
  amendments: Amendment[];
  canUndo: boolean;
  canRedo: boolean;
  auditHead: string;
  auditCount: number;
  /** Where the race record disagrees with itself (document edited outside the app, chain broken): changes are refused. */
  problems?: string[];
  /** What opening the race repaired after an interrupted save. */
  recovered?: string[];
}

export interface SourceProbe {
  kind: SourceKind;
  path: string;
  frameCount: number;
  width: number;
  height: number;
  bitDepth: 8 | 16;
  channels: number;
  /** Where the source carries its own times (video PTS, GIF delays, a timestamps file beside the frames). */
  ownTimes: 'video' | 'gif-delays' | null;
  /** Measured from the source's own times where it has them. */
  measuredRate: number | null;
  medianIntervalNs: string | null;
  spreadNs: string | null;
  suggestedLine: FinishLine;
}

/** A frame image for the set-up view and the source-frame inspector (PNG as a data URL). */
export interface FrameImage {
  dataUrl: string;
  width: number;
  height: number;
  frameIndex: number;
  frameCount: number;
  timeNs: string | null;
  /** The finish line to draw over it. */
  line: FinishLine | null;
  file: string;
}

export interface JobStarted {
  jobId: string;
}

export interface JobStatus {
  jobId: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  error?: string;
  /** The remedy for `error`, worded by each face (see app/domain/errors.ts). */
  hint?: Hint;
  facts?: HintFacts;
  /** The race folder, once built. */
  racePath?: string;
}

export interface VerifyReport {
  intact: boolean;
  findings: string[];
}

export interface AuditEntryView {
  seq: number;
  at: string;
  actor: string;
  action: string;
  payload: unknown;
  prev: string;
  hash: string;
}

export interface ExportResult {
  written: { kind: 'pdf' | 'csv' | 'json' | 'lif' | 'png'; path: string; bytes: number; sha256: string }[];
}

export type { EdgeFlag } from '../domain/race/document.js';

export interface EdgeSuggestion {
  index: number;
  time_s: number;
  time_ns: string;
  column: number;
  rows: [number, number];
  direction: 'left-to-right' | 'right-to-left' | 'up' | 'down';
  uncertainty_s: number;
  /**
   * The uncertainty comes from a kind of reading whose stated uncertainties the accuracy benchmark checks (at least
   * 90 % of errors within twice it, none beyond four times): a sub-frame fit from the source frames, or a sharp edge
   * in a line-scan image. False for readings only good to a frame (or column) interval.
   */
  uncertainty_calibrated: boolean;
  flags: EdgeFlag[];
  confidence: number;
}
