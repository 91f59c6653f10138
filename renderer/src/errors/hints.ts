/**
 * The remedies of engine errors in the app's words: the labels of the controls the workspace shows (Set-up's
 * "Time source" choices, "Save the race in", the start list's "Import start list…"). Never a command-line flag or
 * command: the CLI words the same hints with its flags (app/cli/hints.ts). Where the app has no control for a
 * remedy (leaving bad frames out, a second event of a meet file), the wording says what to do with the files.
 */
import type { Hint, HintFacts } from '../../../app/domain/errors.js';

export const APP_HINTS: Record<Hint, (facts: HintFacts) => string> = {
  'skip-bad-frames': () => 'Replace or remove the unreadable frame in the footage folder, then build again.',
  'replace-race': () => 'Choose another folder under “Save the race in”, or open the race that is already there.',
  'give-frame-rate': () => 'Under “Time source”, choose “Constant frame rate” and enter the frames per second, or choose “Timestamps file”.',
  'give-line-rate': () => 'Under “Time source”, choose “Line rate” and enter the lines per second, or choose “Timestamps file”.',
  'give-video-rate': () => 'Under “Time source”, choose “Constant frame rate” and enter the video’s frames per second.',
  'use-frame-rate': () => 'Under “Time source”, choose “Constant frame rate” instead.',
  'no-line-for-linescan': () => 'A line-scan image is already the finish line: build it without a line.',
  'choose-event': (facts) => `Choose the event under “Event of the start list”${facts.events ? ` (events in this file: ${facts.events})` : ''}.`,
  'choose-port': () => 'Close the other program using that port, or start Photofinish on another port.',
  'name-output-files': () => 'Move the race folder somewhere you can write to, open it from there and export again.',
  'verify-race': () => 'Its files were changed outside Photofinish: have the race folder verified before going on.',
  'build-race': () => 'Open footage (frames or a video) to build a race first.',
  'replace-certified-race': () => 'Choose another folder under “Save the race in”: a certified race is never replaced from the app.',
  'replace-file': (facts) => `Choose “Replace” to write over ${facts.file ?? 'it'}, or export somewhere else.`,
  'account-for-competitors': () => 'Mark each of them, or choose DNS, DNF or DQ from its row’s status menu in the start list.',
  'name-audio-file': () => 'In “Time zero…”, give the “Audio file…” recorded with the footage.',
  'choose-race-folder': () => 'Choose another folder under “Save the race in”.',
  'set-event-number': () => 'Open Event… and enter the “Event number” the meet software gave the event, then export again.',
  'signing-key-missing': () => 'Restore the signing key file from a backup of this computer, or have a new signing key made on purpose (certifications are refused until then).',
  'export-unverified': () => 'The race is NOT VALID: have the race folder verified. The app does not export a race whose certification does not hold.',
  'init-meet': () => 'Choose a meet folder, or make this folder a meet under “Open a meet”.',
  'change-meet': () => 'Open it as a meet; its settings are changed on the Meet screen.',
};

/** A failure as one line for the app: the engine's message, then the remedy in the app's words. */
export function appErrorText(message: string, hint?: unknown, facts?: unknown): string {
  const words = typeof hint === 'string' && Object.hasOwn(APP_HINTS, hint) ? APP_HINTS[hint as Hint] : undefined;
  if (!words) return message;
  const given = typeof facts === 'object' && facts !== null ? (facts as HintFacts) : {};
  return `${message.replace(/[.\s]+$/, '')}. ${words(given)}`;
}
