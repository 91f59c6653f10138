/**
 * The remedies of engine errors in the command line's words: its flags and commands. The engine's message says what
 * is wrong and names the file; this adds what to type. The app words the same hints with its controls' labels
 * (renderer/src/errors/hints.ts).
 */
import type { ApiErrorShape } from '../api/errors.js';
import type { Hint, HintFacts } from '../domain/errors.js';

export const CLI_HINTS: Record<Hint, (facts: HintFacts) => string> = {
  'skip-bad-frames': () => 'use --skip-bad to leave bad frames out as a gap',
  'replace-race': () => 'use --force to replace it',
  'give-frame-rate': () => 'give --fps N or --timestamps FILE',
  'give-line-rate': () => 'give --line-rate N (lines per second) or --timestamps FILE',
  'give-video-rate': () => 'give the rate with --fps N',
  'use-frame-rate': () => 'use --fps',
  'no-line-for-linescan': () => 'leave out --line',
  'choose-event': () => 'choose one with --event',
  'choose-port': () => 'choose another with --port',
  'name-output-files': () => 'name the output files instead, e.g. --pdf FILE',
  'verify-race': () => 'run photofinish verify',
  'build-race': () => 'build one with photofinish build',
  'replace-file': () => 'use --force to replace it, or name another file',
  'replace-certified-race': () => 'build into another folder, or add --replace-certified to --force if that is really meant',
  'account-for-competitors': () => 'mark each, or record it with photofinish status RACE --competitor ID --dns, --dnf or --dq',
  'name-audio-file': () => 'give the sound file with --audio FILE',
  'choose-race-folder': () => 'choose another --out RACE',
  'set-event-number': () => 'give it with photofinish event RACE --number N (the meet software\'s event number) --by NAME',
  'signing-key-missing': () => 'restore the key file from a backup, or make a new key on purpose with photofinish keys new --by NAME',
  'export-unverified': () => 'photofinish verify RACE lists why; add --unverified to export anyway, every page and the photo stamped NOT VERIFIED',
  'init-meet': () => 'make it a meet first with photofinish meet init MEETDIR --by NAME',
  'change-meet': () => 'change its settings with photofinish meet set MEETDIR',
};

/** The one line the CLI prints for an error: the engine's message, then the remedy in flags. */
export function cliErrorText(error: Pick<ApiErrorShape, 'message' | 'hint' | 'facts'>): string {
  if (!error.hint) return error.message;
  return `${error.message}; ${CLI_HINTS[error.hint](error.facts ?? {})}`;
}
