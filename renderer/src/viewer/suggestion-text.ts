/**
 * How a suggested leading edge reads on the ghost hairline and in the accept list: its number (S1 is the earliest),
 * its crossing time to the digit its uncertainty supports, and the uncertainty itself.
 */
import type { EdgeSuggestion } from '../../../app/api/types.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';

/** "±14 µs": two significant digits, rounded up (an uncertainty is never understated). */
export function formatUncertainty(seconds: number): string {
  if (!(seconds > 0)) return '±0';
  const ns = Math.max(1, Math.round(seconds * 1e9));
  const [value, unit] = ns >= 1_000_000 ? [ns / 1e6, 'ms'] : ns >= 1_000 ? [ns / 1e3, 'µs'] : [ns, 'ns'];
  const rounded = value < 10 ? Math.ceil(value * 10 - 1e-9) / 10 : value < 100 ? Math.ceil(value - 1e-9) : Math.ceil(value / 10 - 1e-9) * 10;
  return `±${value < 10 ? rounded.toFixed(1) : String(rounded)} ${unit}`;
}

/**
 * Decimals for a suggested crossing time: at least the evidence's, and down to the uncertainty's first digit (a
 * sub-frame estimate is finer than a column), at most the microsecond.
 */
export function suggestionDecimals(e: EdgeSuggestion, evidenceDecimals: number): number {
  const fromUncertainty = e.uncertainty_s > 0 && e.uncertainty_calibrated !== false ? Math.ceil(-Math.log10(e.uncertainty_s)) : evidenceDecimals;
  return Math.min(6, Math.max(evidenceDecimals, fromUncertainty));
}

export const suggestionName = (e: EdgeSuggestion) => `S${e.index + 1}`;

/** What the detector flagged, in the words an official reads beside the time. */
const FLAG_WORDS: Partial<Record<EdgeSuggestion['flags'][number], string>> = {
  'on-line-at-start': 'on the line at start',
  'on-line-at-end': 'still on the line at end',
  'low-confidence': 'low confidence',
};

/**
 * "S1 0.20135 s ±14 µs", in race time (detection gives footage times; `zero` is time zero); a reading that is only
 * good to the frame says so instead of a ± (its uncertainty is not a calibrated one); flags follow
 * ("S1 0.000 s to the frame · on the line at start").
 */
export function suggestionText(e: EdgeSuggestion, evidenceDecimals: number, zero = 0n): string {
  const precision = e.uncertainty_calibrated === false ? 'to the frame' : formatUncertainty(e.uncertainty_s);
  const flags = (e.flags ?? []).map((f) => FLAG_WORDS[f]).filter(Boolean);
  return `${suggestionName(e)} ${formatSeconds(BigInt(e.time_ns) - zero, suggestionDecimals(e, evidenceDecimals))} s ${precision}${flags.map((f) => ` · ${f}`).join('')}`;
}
