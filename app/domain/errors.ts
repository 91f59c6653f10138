/**
 * Errors a person can fix (bad file, bad argument, certified race). Thrown by the domain and every layer around it;
 * the message names the file or thing and the problem, in one line, and is what the user sees. No stack is shown.
 *
 * The message never names a remedy in one face's words (a CLI flag, a button's label): where there is a remedy, the
 * error carries a `hint` id (and the facts the remedy needs), and each face words it in its own language
 * (app/cli/hints.ts with its flags, renderer/src/errors/hints.ts with the controls' labels).
 */
export type ApiErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'FORBIDDEN'
  | 'CANCELLED'
  | 'USER_ERROR'
  | 'INTERNAL';

/** Every remedy an engine error can point to. Add an id here, then word it in each face (typecheck insists). */
export const HINTS = [
  /** Frames that cannot be read: build again leaving them out as a recorded gap. */
  'skip-bad-frames',
  /** The output folder already holds a race: replace it, or build somewhere else. */
  'replace-race',
  /** Frames (a folder, or a video/GIF whose own times were not chosen) need a rate or a timestamps file. */
  'give-frame-rate',
  /** A native line-scan image needs its line rate or a timestamps file. */
  'give-line-rate',
  /** A video frame carries no timestamp: give the rate instead of the video's own times. */
  'give-video-rate',
  /** A line rate was given for footage that is not a line-scan image: give a frame rate instead. */
  'use-frame-rate',
  /** A finish line was given for a native line-scan image (each column already is the line). */
  'no-line-for-linescan',
  /** A start-list file holds several events; facts.events lists them. */
  'choose-event',
  /** The bridge's port is taken. */
  'choose-port',
  /** The default export folder cannot be created: name the output files (or a folder) instead. */
  'name-output-files',
  /** The race's record disagrees with itself or its evidence: run the full check. */
  'verify-race',
  /** The folder is not a race: build one from footage first. */
  'build-race',
  /** An export would replace a file that is not an earlier export of this race; facts.file names it. */
  'replace-file',
  /** The output folder holds a certified race: replacing it loses its record, so it takes a separate, explicit choice. */
  'replace-certified-race',
  /** Start-list competitors with neither a mark nor a status stop certification: mark them or record DNS/DNF/DQ. */
  'account-for-competitors',
  /** The footage has no sound track: name the audio file recorded on its clock. */
  'name-audio-file',
  /** The place chosen for a new race (or a recording's frames beside it) is taken: choose another. */
  'choose-race-folder',
  /** An export for meet-management software (the FinishLynx .lif) needs the event's number: set it in the event. */
  'set-event-number',
  /** This installation's signing key is gone (its public twin or trust list remains): restore it, or make a new one on purpose. */
  'signing-key-missing',
  /** A race that says certified fails its check (NOT VALID): see why; exporting it anyway stamps it NOT VERIFIED. */
  'export-unverified',
  /** The folder is not a meet: make it one first. */
  'init-meet',
  /** The folder already is a meet: change its settings instead of making it again. */
  'change-meet',
] as const;

export type Hint = (typeof HINTS)[number];
/** The facts a remedy's wording needs (e.g. `{ events: '1-1-1, 2-1-1' }`), as display text. */
export type HintFacts = Readonly<Record<string, string>>;

export interface UserErrorOptions {
  readonly hint?: Hint;
  readonly facts?: HintFacts;
}

export function isHint(value: unknown): value is Hint {
  return typeof value === 'string' && (HINTS as readonly string[]).includes(value);
}

export class UserError extends Error {
  readonly code: ApiErrorCode;
  readonly hint?: Hint;
  readonly facts?: HintFacts;
  constructor(message: string, code: ApiErrorCode = 'USER_ERROR', options: UserErrorOptions = {}) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    if (options.hint) this.hint = options.hint;
    if (options.facts) this.facts = options.facts;
  }
}

export class CancelledError extends UserError {
  constructor(message = 'Cancelled.') {
    super(message, 'CANCELLED');
  }
}
