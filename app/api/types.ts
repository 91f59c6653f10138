/**
 * Data that crosses the API (IPC, HTTP, CLI --json). JSON only: exact times are integer nanoseconds as decimal
 * strings (`*Ns`), `_s` fields are unrounded seconds as numbers, `_display` fields the sport's published text.
 */
import type { Competitor, RaceMeta, SportSettings, Mark, DeadHeat, Certification, Amendment, EdgeFlag } from '../domain/race/document.js';
import type { EvidenceManifest, FinishLine, SourceKind } from '../domain/race/evidence.js';
import type { Hint, HintFacts } from '../domain/errors.js';
import type { ResultsReport } from '../domain/results/results-report.js';
import type { EventInfo } from '../domain/event/race-event.js';
import type { CompetitorStatus } from '../domain/race/status.js';
import type { WithdrawnDeadHeat } from '../domain/race/dead-heat-withdrawal.js';
import type { TriggerMark } from '../domain/capture/capture-triggers.js';
import type { TileLevelInfo } from '../domain/viewport/tiles.js';

/** The result is the domain's own output; the API carries it as it is. */
export type { FinisherResult, OtherResult, ResultsReport, RuleCheck } from '../domain/results/results-report.js';
export type { EventInfo, TriggerMark };
export type { BoardView, MeetRaceRow, MeetRefusal, MeetSyncResult, MeetView } from '../domain/meet/meet-view.js';

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

/**
 * One race with its whole evidence (manifest, column times): what the service builds after every change and what the
 * exporters, the meet's results and the result sheet read. It never crosses the API as it is: `LeanRaceView` does.
 */
export interface RaceView {
  raceId: string;
  path: string;
  meta: RaceMeta;
  /** Which event the race is (null where unset); `results --json` and `info --json` carry the same. */
  event: EventInfo;
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
  /** DNS, DNF, DQ as recorded. */
  statuses: CompetitorStatus[];
  withdrawnDeadHeats: WithdrawnDeadHeat[];
  /** A race recorded live: the F-key trigger marks (evidence, never editable), on the footage clock; [] otherwise. */
  triggers: TriggerMark[];
  results: ResultsReport;
  revision: number;
  certified: Certification | null;
  amendments: Amendment[];
  canUndo: boolean;
  canRedo: boolean;
  auditHead: string;
  auditCount: number;
  /**
   * For a race whose record says it is certified: whether `verify` finds it intact (chain, evidence, signatures by
   * a trusted key, ledger). Where not, `certified` is null and every face shows "NOT VALID: <problems[0]>".
   */
  integrity?: RaceIntegrity;
  /** Where the race record disagrees with itself (document edited outside the app, chain broken): changes are refused. */
  problems?: string[];
  /** What opening the race repaired after an interrupted save. */
  recovered?: string[];
  /** After a change whose entry is recorded but whose snapshot (race.json) could not be rewritten: says so. */
  saveNote?: string;
  /** A race of a meet: what of its results file or feed message did not go out after this change (it is recorded). */
  meetNote?: string;
}

/**
 * What the workspace reads of a race's evidence: its size, tiles, gaps, rate and where the footage came from. Not the
 * list of source files, not a hash of them, not the column times: those grow with the footage (10,000 frames are
 * 1.5 MB of paths and hashes) and come once from `getEvidence` and `getColumnTimes`.
 */
export interface EvidenceSummary {
  builtAt: string;
  source: Pick<EvidenceManifest['source'], 'kind' | 'path' | 'description' | 'frameCount' | 'width' | 'height' | 'bitDepth' | 'channels' | 'decoder'>;
  columns: number;
  rows: number;
  gaps: EvidenceManifest['gaps'];
  measured: EvidenceManifest['measured'];
  composite: { width: number; height: number };
  tiles: { tileWidth: number; levels: TileLevelInfo[] };
  /** Edges suggested at build time are stored with the race (`detectEdges` reads them). */
  suggestions?: { count: number };
  /** SHA-256 of the column times (`evidence/times.json`): where it changes, `getColumnTimes` is asked again. */
  timesSha256: string;
}

/**
 * One race, as the API returns it after opening it and after every change (`raceId`: an opaque handle valid for this
 * run of the app): the record, the results and a summary of the evidence, a few KB whatever the footage's length.
 */
export type LeanRaceView = Omit<RaceView, 'evidence' | 'timesNs' | 'frames'> & { evidence: EvidenceSummary };

/** The time of every composite column and the source frame it was read from, as `evidence/times.json` has them. */
export interface ColumnTimesView {
  /** Integer ns as strings, on the footage clock. */
  timesNs: string[];
  frames: number[];
  /** As in `EvidenceSummary.timesSha256`. */
  sha256: string;
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

/** The outcome of checking a certified race when it is opened (see RaceView.integrity). */
export interface RaceIntegrity {
  ok: boolean;
  problems: string[];
}

export interface VerifyReport {
  intact: boolean;
  findings: string[];
  /**
   * Who signed each certification, with the key and its fingerprint; `trusted` where this installation trusts it
   * (`trustedAs`: its own key, a retired own key, or a key added on purpose by `trustedBy`).
   */
  signatures?: { revision: number; official: string; keyId: string; fingerprint: string; thisInstallation: boolean; trusted: boolean; trustedAs?: 'own' | 'retired' | 'trusted'; trustedBy?: string }[];
  /** When asked to check an audit head from an earlier sheet: the entry that carries it (null: not in the chain). */
  head?: { given: string; seq: number | null };
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
  written: {
    kind: 'pdf' | 'csv' | 'json' | 'lif' | 'png' | 'photo';
    path: string;
    bytes: number;
    sha256: string;
    /** The posted photo: the caption fields written into the file, by the names photo tools show them under. */
    fields?: { name: string; value: string }[];
  }[];
  /**
   * Files of the default set (or of the kinds asked for) not written, with why and the remedy (a FinishLynx .lif
   * without an event number); a file named explicitly is refused instead.
   */
  skipped?: { kind: 'pdf' | 'csv' | 'json' | 'lif' | 'png' | 'photo'; message: string; hint?: Hint }[];
}

/** One enlargement as the workspace's Close-up shows it: the same crop and words the result sheet prints. */
export interface CloseupView {
  /** First against second. */
  decisive: boolean;
  /** Composite columns [start, end) and rows [top, bottom); each column drawn `columnRepeat` rows wide. */
  crop: { start: number; end: number; top: number; bottom: number; columnRepeat: number };
  /** In finishing order: hairline column, "1st #5", the margin behind the one before ("+0.001 s"; '' for the first). */
  subjects: { competitorId: string; name: string; place: number; column: number; typed: boolean; tag: string; margin: string }[];
  /** "1 column = 1.000 ms". */
  columnTime: string;
  bodiesFound: boolean;
  /** The crop's pixels, one per composite pixel, mirrored where the race is shown right to left (PNG data URL). */
  dataUrl: string;
}

export interface CloseupsView {
  revision: number;
  closeups: CloseupView[];
  /** Close finishes beyond the limit ("5th–6th"). */
  left: string[];
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
