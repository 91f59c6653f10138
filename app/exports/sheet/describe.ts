/**
 * The words a result sheet uses for a race: its title, the header fields, how its times were made (the time base),
 * the measured frame rate and its spread. Shared by the PDF, the JSON export and the annotated PNG caption.
 */
import type { RaceView } from '../../api/types.js';
import type { TimingSource } from '../../domain/race/evidence.js';
import { secondsText, ticksFixed } from '../gaps-text.js';
import { startLine, zeroControlLine } from '../../domain/start/start-text.js';

export const SPORT_LABEL: Record<string, string> = {
  athletics: 'Athletics (torso; times rounded up to 1/100 s)',
  motorsport: 'Motorsport (nose; 1/1000 s)',
  horse: 'Horse racing (nose; lengths behind)',
  greyhound: 'Greyhound racing (nose; 1 length = 0.08 s)',
};

const SPORT_NAME: Record<string, string> = { athletics: 'Athletics', motorsport: 'Motorsport', horse: 'Horse racing', greyhound: 'Greyhound racing' };

export function raceTitle(view: RaceView): string {
  return view.meta.event?.trim() || view.meta.name;
}

/** Event and race name for footers and document titles, each said once ("Men's 100 m — Heat 2", or just the name). */
export function fullRaceTitle(view: RaceView): string {
  const title = raceTitle(view);
  return title === view.meta.name ? title : `${title} — ${view.meta.name}`;
}

/** "Heat 2 · Round 1" style line, or the race name where the event carries the title. */
export function raceSubtitle(view: RaceView): string {
  const parts: string[] = [];
  if (view.meta.event?.trim() && view.meta.name !== view.meta.event) parts.push(view.meta.name);
  if (view.meta.round) parts.push(`Round ${view.meta.round}`);
  if (view.meta.heat) parts.push(`Heat ${view.meta.heat}`);
  return parts.join(' · ');
}

/** ns text → milliseconds with three decimals ("1.000 ms"). */
export function msText(ns: string | bigint): string {
  return `${ticksFixed(BigInt(ns) * 1000n, 3)} ms`;
}

export function timeBaseText(timing: TimingSource): string {
  switch (timing.kind) {
    case 'fps':
      return `Constant rate ${timing.fps} frames/s set by the official, first frame at ${secondsText(BigInt(timing.startNs))} s`;
    case 'line-rate':
      return `Line-scan at ${timing.rate} lines/s, first line at ${secondsText(BigInt(timing.startNs))} s`;
    case 'timestamps':
      return `Per-frame timestamps file ${baseName(timing.file.path)} (SHA-256 ${timing.file.sha256.slice(0, 16)}…)`;
    case 'video':
      return 'Presentation timestamps of the video file';
    case 'gif-delays':
      return 'Frame delays stored in the GIF';
  }
}

export function measuredRateText(view: RaceView): string {
  const m = view.evidence.measured;
  const rate = Number.isFinite(m.rate) ? m.rate.toFixed(m.rate >= 100 ? 1 : 3) : '—';
  const unit = view.evidence.source.kind === 'linescan' ? 'lines/s' : 'frames/s';
  return `${rate} ${unit} (median interval ${msText(m.medianIntervalNs)}, spread ±${msText(m.spreadNs)}, min ${msText(m.minIntervalNs)}, max ${msText(m.maxIntervalNs)})`;
}

export function sourceText(view: RaceView): string {
  const s = view.evidence.source;
  const camera = view.meta.camera ? `${view.meta.camera}; ` : '';
  return `${camera}${s.description} (${s.kind}, ${s.width}×${s.height}, ${s.bitDepth}-bit)`;
}

export function baseName(p: string): string {
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] || p;
}

/** Header rows of the sheet, label then value; rows without a value are left out. */
export function headerRows(view: RaceView, software: { name: string; version: string }): [string, string][] {
  const ev = view.evidence;
  const gaps = ev.gaps.length ? `; ${ev.gaps.length} dropped-frame gap${ev.gaps.length === 1 ? '' : 's'}` : '; no dropped frames';
  const rows: [string, string | undefined][] = [
    ['Venue', view.meta.venue],
    ['Date', [view.meta.date, view.meta.startTime ? `start ${view.meta.startTime}` : undefined].filter(Boolean).join(', ') || undefined],
    // The title and subtitle already name the race, round and heat; this row only when there is no event title.
    ['Race', view.meta.event?.trim() ? undefined : [view.meta.name, view.meta.round ? `round ${view.meta.round}` : '', view.meta.heat ? `heat ${view.meta.heat}` : ''].filter(Boolean).join(', ')],
    ['Sport', view.results.rule ? `${SPORT_NAME[view.sport.sport] ?? view.sport.sport}: ${view.results.rule}` : (SPORT_LABEL[view.sport.sport] ?? view.sport.sport)],
    ['Source', sourceText(view)],
    ['Frames', `${ev.source.frameCount} source frames → ${ev.columns} image columns${gaps}`],
    ['Measured rate', measuredRateText(view)],
    ['Time base', timeBaseText(ev.timing)],
    // How time zero was set, the correction, the uncertainty and who confirmed it; then the zero-control test.
    ['Time zero', startLine(view.results.start)],
    ['Zero control', zeroControlLine(view.results.zero_control)?.replace(/^Zero control: /, '') ?? undefined],
    ['Software', `${software.name} ${software.version} (evidence built by ${ev.software.name} ${ev.software.version} at ${ev.builtAt})`],
  ];
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1].length > 0);
}
