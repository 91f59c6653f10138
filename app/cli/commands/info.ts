/**
 * `photofinish info RACE [--json] [--times]`: what a race was built from, its size, rate, gaps and column times. All
 * of it through the service API, as the app sees it: the race (opened only to look), its evidence manifest and its
 * column times.
 */
import path from 'node:path';
import { BEFORE_FIRST_COLUMN, type DropGap, type EvidenceManifest, type TimesFile } from '../../domain/race/evidence.js';
import { gapAfterColumn } from '../../domain/race/gap-place.js';
import { ticksToDecimalSeconds, ticksToSeconds } from '../../domain/time/ticks.js';
import { describeLine } from '../../domain/line/finish-line.js';
import { triggerMarks } from '../../domain/capture/capture-triggers.js';
import { MILLI } from '../../domain/time/column-time.js';
import { eventLine, type EventInfo } from '../../domain/event/race-event.js';
import { startInfo, type StartInfo, type ZeroControlInfo } from '../../domain/start/start-json.js';
import { startLine, zeroControlLine } from '../../domain/start/start-text.js';
import { givenRateDiffers, rateDifferenceText, rateSource } from '../../domain/race/rate-source.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { gapLine } from '../gap-line.js';
import type { LeanRaceView, RaceIntegrity } from '../../api/types.js';
import { notValid } from '../not-valid.js';

const seconds = (ns: string) => ticksToSeconds(BigInt(ns));

/** A gap before column 0 has `after_column` -1 (as in the manifest) and says `before_column` 0 outright. */
function gapJson(g: DropGap, firstColumnNs: string) {
  const after = gapAfterColumn(g, firstColumnNs);
  return {
    after_column: after,
    ...(after === BEFORE_FIRST_COLUMN ? { before_column: 0 } : {}),
    from_s: seconds(g.fromNs),
    to_s: seconds(g.toNs),
    reason: g.reason,
    ...(g.files ? { files: g.files } : {}),
  };
}
const triggersOf = (m: EvidenceManifest, t: TimesFile) => triggerMarks(m.capture?.triggers, t.timesNs.map((ns) => BigInt(ns)));

interface RaceIdentity {
  name: string;
  event: EventInfo;
  start: StartInfo;
  zeroControl: ZeroControlInfo | null;
}

/** The race's name, event and time zero, as its results carry them (the state its audit log proves). */
function raceIdentity(view: LeanRaceView): RaceIdentity {
  return { name: view.meta.name, event: view.event, start: view.results.start ?? startInfo(undefined), zeroControl: view.results.zero_control ?? null };
}

function infoJson(racePath: string, race: RaceIdentity, m: EvidenceManifest, t: TimesFile, withTimes: boolean): Record<string, unknown> {
  return {
    name: race.name,
    event: race.event,
    source: m.source.path,
    source_kind: m.source.kind,
    source_description: m.source.description,
    ...(m.source.decoder ? { decoder: m.source.decoder } : {}),
    frames: m.source.frameCount,
    columns: m.columns,
    rows: m.rows,
    composite: path.join(racePath, m.composite.path),
    line: m.line,
    ...(m.lineGiven ? { line_given: m.lineGiven } : {}),
    timing: m.timing.kind,
    first_time_s: seconds(t.timesNs[0] as string),
    last_time_s: seconds(t.timesNs[t.timesNs.length - 1] as string),
    median_interval_s: seconds(m.measured.medianIntervalNs),
    min_interval_s: seconds(m.measured.minIntervalNs),
    max_interval_s: seconds(m.measured.maxIntervalNs),
    spread_s: seconds(m.measured.spreadNs),
    measured_rate: m.measured.rate,
    // given (--fps, --line-rate: the intervals above follow from it), timestamps (the footage's own) or line-scan.
    rate_source: rateSource(m),
    ...(givenRateDiffers(m) ? { own_rate: givenRateDiffers(m)?.own } : {}),
    gaps: m.gaps.map((g) => gapJson(g, t.timesNs[0] as string)),
    // F-key marks made while recording live (footage clock; column null where pressed outside the recorded frames).
    triggers: triggersOf(m, t).map((f) => ({ time_s: seconds(f.timeNs), column: f.milliColumn === null ? null : f.milliColumn / MILLI })),
    built_at: m.builtAt,
    // Time zero on the footage clock (the clock of the times above); race times are footage time − start.time_s.
    start: race.start,
    zero_control: race.zeroControl,
    ...(withTimes ? { times_s: t.timesNs.map(seconds) } : {}),
  };
}

/** Whether the race says it is certified, and whether that holds (the service checks it in full when opening it). */
function certificationOf(view: LeanRaceView): { text: string; certified: boolean; integrity: RaceIntegrity } | null {
  if (!view.integrity) return null;
  const c = view.certified;
  const text = c ? `revision ${view.revision}, certified by ${c.official} (${c.role}) at ${c.at}` : notValid(view.integrity.problems);
  return { text, certified: c !== null, integrity: view.integrity };
}

export const infoCommand: CliCommand = {
  name: 'info',
  summary: 'Show what a race was built from: source, composite size, measured frame rate, gaps, column times.',
  usage: [
    '  photofinish info RACE [--json] [--times]',
    '',
    '  --json    machine-readable summary',
    '  --times   also list the time of every column (seconds)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('info', argv, { json: { type: 'boolean' }, times: { type: 'boolean' } });
    const racePath = path.resolve(requirePositional(positionals, 0, 'RACE (a race folder)'));
    const view = await ctx.api.openRace({ path: racePath, readOnly: true });
    const [m, t] = await Promise.all([ctx.api.getEvidence({ raceId: view.raceId }), ctx.api.getColumnTimes({ raceId: view.raceId })]);
    const race = raceIdentity(view);
    const certification = certificationOf(view);
    if (values.json) {
      const trust = certification ? { certified: certification.certified, integrity: certification.integrity } : { certified: false };
      ctx.io.out(JSON.stringify({ ...infoJson(racePath, race, m, t, values.times === true), ...trust }, null, 2));
      return 0;
    }
    const dec = (ns: string) => ticksToDecimalSeconds(BigInt(ns));
    const lines = [
      `${race.name}  (${racePath})`,
      ...(eventLine(race.event) ? [`  event      ${eventLine(race.event)}`] : []),
      ...(certification ? [`  certified  ${certification.text}`] : []),
      `  source     ${m.source.description}`,
      `             ${m.source.path} (${m.source.files.length} file${m.source.files.length === 1 ? '' : 's'} hashed${m.source.decoder ? `, decoded with ${m.source.decoder === 'ffmpeg' ? 'FFmpeg' : 'sharp'}` : ''})`,
      `  line       ${m.source.kind === 'linescan' ? 'native line-scan (each column one line)' : describeLine(m.line)}${m.lineGiven ? ` (clipped to the frame; given ${describeLine(m.lineGiven)})` : ''}`,
      `  timing     ${m.timing.kind === 'fps' ? `${m.timing.fps} fps` : m.timing.kind === 'line-rate' ? `${m.timing.rate} lines/s` : m.timing.kind === 'timestamps' ? `timestamps file ${m.timing.file.path}` : m.timing.kind === 'video' ? "the video's presentation timestamps" : 'GIF frame delays'}`,
      `  composite  ${m.columns} columns × ${m.rows} rows, ${path.join(racePath, m.composite.path)}`,
      `  times      ${dec(t.timesNs[0] as string)} s to ${dec(t.timesNs[t.timesNs.length - 1] as string)} s on the footage clock`,
      `  time zero  ${startLine(race.start)}`,
      ...(race.zeroControl ? [`             ${zeroControlLine(race.zeroControl)}`] : []),
      ...(rateDifferenceText(m) ? [`  warning    ${rateDifferenceText(m)}`] : []),
      `  ${rateSource(m) === 'given' ? 'given     ' : 'measured  '} ${m.measured.rate.toFixed(3)} per second: median interval ${dec(m.measured.medianIntervalNs)} s (min ${dec(m.measured.minIntervalNs)}, max ${dec(m.measured.maxIntervalNs)}, spread ${dec(m.measured.spreadNs)})`,
      `  gaps       ${m.gaps.length === 0 ? 'none' : String(m.gaps.length)}`,
      ...m.gaps.map((g) => gapLine(g, t.timesNs[0] as string)),
      ...(m.capture ? [`  triggers   ${m.capture.triggers.length === 0 ? 'none marked while recording' : `${m.capture.triggers.length} marked with F while recording`}`] : []),
      ...triggersOf(m, t).map((f) => `    ${f.label} ${dec(f.timeNs)} s, ${f.milliColumn === null ? 'outside the recorded frames' : `column ${f.milliColumn / MILLI}`}`),
    ];
    if (values.times) {
      lines.push('  column  frame  time_s');
      t.timesNs.forEach((ns, c) => lines.push(`  ${String(c).padStart(6)}  ${String(t.frames[c]).padStart(5)}  ${dec(ns)}`));
    }
    ctx.io.out(lines.join('\n'));
    return 0;
  },
};
