/**
 * The notes an official must read before signing: every time typed by hand, every mark next to a dropped-frame
 * gap, the gaps themselves, ties left to the rule book, dead heats, amendments with their reasons, and anything
 * about the printed image that is not the whole truth (a reduced or partial image).
 */
import type { RaceView } from '../../api/types.js';
import type { Mark } from '../../domain/race/document.js';
import { gapAfterColumn, gapPlaceText } from '../../domain/race/gap-place.js';
import { secondsText, ticksFixed } from '../gaps-text.js';
import type { ImagePlan } from './image-plan.js';
import { recordNotes } from './record-notes.js';
import { zeroOfInfo } from '../../domain/start/race-clock.js';
import { official, reasonAfter } from '../../domain/results/message-slots.js';

const MAX_GAPS_LISTED = 8;

function who(view: RaceView, id: string): string {
  const c = view.competitors.find((x) => x.id === id);
  return c?.name ? `#${id} ${c.name}` : `#${id}`;
}

/** ISO instant → "2026-06-14 15:32:10 UTC" (the stored text, never the local clock). */
export function instantText(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/** " (2026-06-14 15:32:10 UTC)", or nothing where no instant was recorded. */
const when = (iso: string) => (iso ? ` (${instantText(iso)})` : '');

export function sheetNotes(view: RaceView, plan: ImagePlan): string[] {
  const notes: string[] = [];
  for (const p of view.problems ?? []) notes.push(`WARNING — opening the race found a problem: ${p}`);
  for (const r of view.recovered ?? []) notes.push(`Opening the race repaired an interrupted save: ${r}`);
  const results = new Map(view.results.finishers.map((f) => [f.competitor, f]));
  for (const m of view.marks) {
    const r = results.get(m.competitorId);
    if (m.origin === 'typed') {
      const keyed = m.position.kind === 'time' ? `${secondsText(BigInt(m.position.ns))} s` : r?.time_display || '—';
      const published = r?.time_display && m.position.kind === 'time' ? ` (published ${r.time_display})` : '';
      notes.push(`${who(view, m.competitorId)}: time ${keyed}${published} was typed by hand by ${official(m.by)}${when(m.at)}, not read from the image.`);
    }
    if (m.origin === 'suggestion' && m.suggestion) notes.push(suggestionNote(view, m.competitorId, m.suggestion, m.by));
  }
  for (const f of view.results.finishers) {
    if (f.near_gap) {
      const res = f.resolution_s !== null ? `; resolution there ${(f.resolution_s * 1000).toFixed(3)} ms` : '';
      notes.push(`${who(view, f.competitor)}: mark lies next to a dropped-frame gap${res}. Check the source frames before signing.`);
    }
  }
  for (const f of view.results.finishers) for (const n of f.notes ?? []) notes.push(`${who(view, f.competitor)}: ${n}; the same time is published.`);
  const ties = view.results.finishers.filter((f) => f.tie && !f.dead_heat);
  if (ties.length) notes.push(`Equal at the published precision: ${ties.map((f) => `#${f.competitor}`).join(', ')}; the order follows the image where it separates them, else the rule book.`);
  for (const dh of view.deadHeats) {
    notes.push(`Dead heat declared between ${dh.competitors.map((c) => `#${c}`).join(' and ')} by ${official(dh.by)}${when(dh.at)}.`);
  }
  notes.push(...recordNotes(view));
  const gaps = view.evidence.gaps;
  // Gaps are printed in race time, like every other time on the sheet.
  const zero = zeroOfInfo(view.results.start);
  gaps.slice(0, MAX_GAPS_LISTED).forEach((g) => {
    const from = BigInt(g.fromNs) - zero;
    const to = BigInt(g.toNs) - zero;
    const why = g.reason === 'bad-frame' ? `unreadable frame${g.files && g.files.length > 1 ? 's' : ''} skipped${g.files?.length ? ` (${g.files.length})` : ''}` : 'frames missing from the source';
    const place = gapPlaceText(gapAfterColumn(g, view.timesNs[0] as string), 'image column');
    notes.push(`Dropped-frame gap ${place}: no picture for ${ticksFixed((to - from) * 1000n, 3)} ms between ${secondsText(from)} s and ${secondsText(to)} s (${why}).`);
  });
  if (gaps.length > MAX_GAPS_LISTED) notes.push(`… and ${gaps.length - MAX_GAPS_LISTED} more dropped-frame gaps (see the JSON export).`);
  for (const id of plan.offImage) notes.push(`${who(view, id)}: typed time lies outside the image; no hairline can be drawn.`);
  if (plan.reduced) {
    notes.push(`The finishers span ${plan.end - plan.start} image columns, too many to print at full resolution: printed at ${plan.unitsPerColumn.toFixed(2)} pt per column. The annotated PNG export holds every column.`);
  }
  if (view.marks.length === 0) notes.push('No hairline has been placed: the whole image is printed.');
  for (const a of view.amendments) {
    notes.push(`Amended to revision ${a.revision} by ${official(a.by)}${when(a.at)}${reasonAfter(a.reason)}`);
  }
  return notes;
}

/**
 * An accepted suggestion: the detector's uncertainty is printed only where it is a calibrated one (the accuracy
 * benchmark holds it to its word); what the detector flagged is said in words.
 */
function suggestionNote(view: RaceView, competitorId: string, s: NonNullable<Mark['suggestion']>, by: string): string {
  const flags = s.flags ?? [];
  const uncertainty = s.calibrated ? ` (±${ticksFixed(BigInt(s.uncertaintyNs) * 1000n, 3)} ms)` : '';
  const remarks = [
    flags.includes('on-line-at-start') ? 'the competitor was already on the line when the recording started, so it crossed at or before this time' : '',
    flags.includes('no-sub-frame') && !flags.includes('on-line-at-start') ? 'the detector placed it only to the frame' : '',
  ].filter(Boolean);
  return `${who(view, competitorId)}: hairline placed from suggested edge S${s.index + 1}${uncertainty}, confirmed by ${by}${remarks.length ? `; ${remarks.join('; ')}` : ''}.`;
}
