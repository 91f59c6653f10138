/**
 * The words a result sheet uses for a race: its title, the header fields, how its times were made (the time base),
 * the measured frame rate and its spread. Shared by the PDF, the JSON export and the annotated PNG caption.
 */
import type { RaceView } from '../../api/types.js';
import type { TimingSource } from '../../domain/race/evidence.js';
import { distanceText, eventLine } from '../../domain/event/race-event.js';
import { secondsText, ticksFixed } from '../gaps-text.js';
import { startLine, zeroControlLine } from '../../domain/start/start-text.js';
import { rateDifferenceText, rateSource } from '../../domain/race/rate-source.js';

export const SPORT_LABEL: Record<string, string> = {
  athletics: 'Athletics (torso; times rounded up to 1/100 s)',
  motorsport: 'Motorsport (nose; 1/1000 s)',
  horse: 'Horse racing (nose; lengths behind)',
  greyhound: 'Greyhound racing (nose; 1 length = 0.08 s)',
};

const SPORT_NAME: Record<string, string> = { athletics: 'Athletics', motorsport: 'Motorsport', horse: 'Horse racing', greyhound: 'Greyhound racing' };

/** "Men 100m Final, round 1, heat 3, wind +1.2 m/s"; the race name where no event is named. */
export function raceTitle(view: RaceView): string {
  const line = eventLine(view.event);
  return view.event.name ? line : [view.meta.name, line].filter(Boolean).join(', ');
}

/** Event and race name for footers and document titles, each said once ("Men 100m Final, round 1 — Heat 3 file"). */
export function fullRaceTitle(view: RaceView): string {
  const title = raceTitle(view);
  return title.includes(view.meta.name) ? title : `${title} — ${view.meta.name}`;
}

/** The line under the title: meet, event number, distance, and the race's own name where the title is the event's. */
export function raceSubtitle(view: RaceView): string {
  const e = view.event;
  const parts: string[] = [];
  if (e.meet) parts.push(e.meet);
  if (e.number !== null) parts.push(`Event ${e.number}`);
  if (e.distance_m !== null) parts.push(distanceText(e.distance_m));
  if (!raceTitle(view).includes(view.meta.name)) parts.push(view.meta.name);
  return parts.join(' · ');
}

/**
 * The base of export file names: FinishLynx's event code `012-1-03` where the event has a number, then the event's
 * name (or the race's): "012-1-03-men-100m-final".
 */
export function exportBaseName(view: RaceView, slug: (text: string) => string): string {
  const e = view.event;
  const code = e.number !== null ? `${String(e.number).padStart(3, '0')}-${e.round ?? 1}-${String(e.heat ?? 1).padStart(2, '0')}` : '';
  return [code, slug(e.name ?? view.meta.name)].filter(Boolean).join('-');
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
  // A given rate is the official's: its intervals follow from it and measure nothing.
  if (rateSource(view.evidence) === 'given') {
    const differs = rateDifferenceText(view.evidence);
    return `${rate} ${unit}, given by the official${differs ? `; ${differs.replace(/^[\d.]+ frames\/s given, but /, '')}` : ''}`;
  }
  return `${rate} ${unit} (median interval ${msText(m.medianIntervalNs)}, spread ±${msText(m.spreadNs)}, min ${msText(m.minIntervalNs)}, max ${msText(m.maxIntervalNs)})`;
}

/** The sheet's label for the rate row: "Rate (given)" where the official gave it, else "Measured rate". */
export function rateLabel(view: RaceView): string {
  return rateSource(view.evidence) === 'given' ? 'Rate (given)' : 'Measured rate';
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
    ['Venue', view.event.venue ?? undefined],
    ['Date', [view.event.date, view.event.start_time ? `start ${view.event.start_time}` : undefined].filter(Boolean).join(', ') || undefined],
    ['Sport', view.results.rule ? `${SPORT_NAME[view.sport.sport] ?? view.sport.sport}: ${view.results.rule}` : (SPORT_LABEL[view.sport.sport] ?? view.sport.sport)],
    ['Source', sourceText(view)],
    ['Frames', `${ev.source.frameCount} source frames → ${ev.columns} image columns${gaps}`],
    [rateLabel(view), measuredRateText(view)],
    ['Time base', timeBaseText(ev.timing)],
    // How time zero was set, the correction, the uncertainty and who confirmed it; then the zero-control test.
    ['Time zero', startLine(view.results.start)],
    ['Zero control', zeroControlLine(view.results.zero_control)?.replace(/^Zero control: /, '') ?? undefined],
    ['Software', `${software.name} ${software.version} (evidence built by ${ev.software.name} ${ev.software.version} at ${ev.builtAt})`],
  ];
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1].length > 0);
}
