/**
 * Every `photofinish` subcommand, in the order `--help` lists them. Each lives in its own file, loaded only when it
 * runs (or its usage is asked for): `--help` and `--version` must not pay for sharp, pdfkit or zod. The summary is
 * repeated here for `--help`; test/unit/cli/startup.test.ts checks it matches the command's own.
 */
import type { CliCommand } from '../command.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}

export const commands: readonly CommandEntry[] = [
  { name: 'serve', summary: 'Open Photofinish in your browser (served on 127.0.0.1 only) and print its address.', load: async () => (await import('./serve.js')).serveCommand },
  { name: 'build', summary: 'Build a race (the photo-finish composite and its exact time map) from frames, a video, a GIF or a line-scan image.', load: async () => (await import('./build.js')).buildCommand },
  { name: 'capture', summary: 'Record a race from a USB or IP camera through FFmpeg (every frame as the camera sent it), then build it.', load: async () => (await import('./capture.js')).captureCommand },
  { name: 'info', summary: 'Show what a race was built from: source, composite size, measured frame rate, gaps, column times.', load: async () => (await import('./info.js')).infoCommand },
  { name: 'export', summary: 'Write the result sheet (PDF), data exports (CSV, JSON, FinishLynx .lif, annotated PNG) and the picture to post (JPEG).', load: async () => (await import('./export.js')).exportCommand },
  { name: 'start-list', summary: 'Import the start list of a race (CSV with id,name,team,lane; FinishLynx lynx.ppl or lynx.evt).', load: async () => (await import('./start-list.js')).startListCommand },
  { name: 'sport', summary: 'Set the sport whose rules the results follow: motorsport, athletics, horse or greyhound.', load: async () => (await import('./sport.js')).sportCommand },
  { name: 'mark', summary: "Place (or move) a competitor's hairline at a composite column, a time, or a detected edge.", load: async () => (await import('./mark.js')).markCommand },
  { name: 'unmark', summary: "Remove a competitor's hairline.", load: async () => (await import('./unmark.js')).unmarkCommand },
  { name: 'results', summary: 'Print the result: places, published times and margins by the rules of the sport.', load: async () => (await import('./results.js')).resultsCommand },
  { name: 'event', summary: 'Set the event of a race: meet, number, name, round, heat, date, start time, venue, distance and wind.', load: async () => (await import('./event.js')).eventCommand },
  { name: 'status', summary: 'Record a competitor as DNS, DNF or DQ (with the rule), or a racing status (PU, F, UR, ...), or clear it: nobody goes missing from a result.', load: async () => (await import('./status.js')).statusCommand },
  { name: 'dead-heat', summary: 'Declare a dead heat between marked competitors (an official decision; they share the place), or withdraw one.', load: async () => (await import('./dead-heat.js')).deadHeatCommand },
  { name: 'distance', summary: "Horse racing: set the judge's own distance behind the finisher ahead, with the reason (or clear it).", load: async () => (await import('./distance.js')).distanceCommand },
  { name: 'certify', summary: 'Certify the result: freezes the marks and stores the result, evidence hashes and audit head.', load: async () => (await import('./certify.js')).certifyCommand },
  { name: 'amend', summary: 'Reopen a certified race as the next revision, with the reason and the official who decided.', load: async () => (await import('./amend.js')).amendCommand },
  { name: 'verify', summary: 'Re-hash every source frame, the composite, its tiles and the audit chain; check the certification signatures.', load: async () => (await import('./verify.js')).verifyCommand },
  { name: 'keys', summary: "List the keys whose certifications this installation trusts; trust another installation's key; make a new own key.", load: async () => (await import('./keys.js')).keysCommand },
  { name: 'start', summary: "Set the race's time zero: typed, from the gun's report in the audio (sound delay corrected), or its flash.", load: async () => (await import('./start.js')).startCommand },
  { name: 'zero-control', summary: 'Zero-control test: the start device fired at the line; the flash and the report must coincide within a frame.', load: async () => (await import('./zero-control.js')).zeroControlCommand },
  { name: 'meet', summary: 'A meet: races from the meet software\'s lynx files, results written back on every save, a results feed and a board.', load: async () => (await import('./meet.js')).meetCommand },
  { name: 'detect', summary: 'Suggest every leading edge with its crossing time to a fraction of a frame (the official confirms).', load: async () => (await import('./detect.js')).detectCommand },
];
