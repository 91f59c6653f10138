/**
 * The results table: place, who (in each sport's own headings: sheet/sport-columns.ts), published time, the
 * published margins (behind winner and behind previous in seconds; horse and greyhound the lengths behind the one
 * ahead), flags and the resolution of the evidence at the mark; then DNF, DQ and DNS with the word in the place
 * column. Every value is the published result's own (domain/results); nothing is computed here. The header
 * repeats on a new page.
 */
import type { RaceView } from '../../api/types.js';
import { flagsOf, legendFor } from '../sheet/flags.js';
import { identityColumns } from '../sheet/sport-columns.js';
import { MUTED, RULE, type SheetWriter } from './sheet-writer.js';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Share of the room left after the fixed columns (name and team). */
  flex?: number;
  mono?: boolean;
}

const FONT_SIZE = 8;

/** Each sport's margin definition, in words (domain/results/published-margin.ts). */
const GAP_RULE: Record<string, string> = {
  athletics: 'Margins are differences of the published times.',
  motorsport: 'Margins are differences of the readings to the nearest 1/1000 s (more digits where that would print 0.000).',
  horse: 'Margins are lengths behind the one ahead.',
  greyhound: 'Margins are lengths behind the one ahead (0.08 s per length).',
};
const PAD = 3;

export function resolutionText(s: number | null): string {
  if (s === null) return '';
  return `${(s * 1000).toFixed(s < 0.01 ? 3 : 1)} ms`;
}

/** "6 placed, 1 DNF, 1 DQ": how the start list is accounted for. */
function countsText(view: RaceView): string {
  const placed = view.results.finishers.filter((f) => f.place !== null).length;
  const counts = new Map<string, number>();
  for (const o of view.results.others) counts.set(o.status === 'unmarked' ? 'without mark or status' : o.status, (counts.get(o.status === 'unmarked' ? 'without mark or status' : o.status) ?? 0) + 1);
  return [`${placed} placed`, ...[...counts].map(([k, n]) => `${n} ${k}`)].join(', ');
}

export function drawResultsTable(w: SheetWriter, view: RaceView): void {
  // Horse and greyhound margins are lengths (behind the one ahead): no seconds columns beside them.
  const withLengths = view.sport.sport === 'horse' || view.sport.sport === 'greyhound';
  const withSeconds = !withLengths;
  const identity = identityColumns(view.sport.sport, view.competitors);
  const cols: Column[] = [
    // Wide enough for the status words FinishLynx puts there (DNS, DNF, DQ).
    { title: 'Pl.', width: 28, align: 'right' },
    ...identity.map((c): Column => ({ title: c.title, width: c.width, align: c.align, ...(c.flex ? { flex: c.flex } : {}) })),
    { title: 'Time (s)', width: 46, align: 'right', mono: true },
    // Horse racing measures the field in lengths behind the one ahead: its sheet gives the room to the jockey and trainer.
    ...(withSeconds ? [{ title: 'Behind 1st', width: 48, align: 'right' as const, mono: true }] : []),
    ...(withSeconds ? [{ title: 'Behind prev.', width: 52, align: 'right' as const, mono: true }] : []),
    ...(withLengths ? [{ title: 'Lengths', width: 52, align: 'right' as const }] : []),
    { title: 'Flags', width: 28, align: 'center' },
    { title: 'Resolution', width: 46, align: 'right' },
  ];
  const fixedWidth = cols.reduce((s, c) => s + c.width, 0);
  const room = w.contentWidth - fixedWidth;
  for (const c of cols) if (c.flex) c.width = room * c.flex;
  const timeColumn = 1 + identity.length;

  const comps = new Map(view.competitors.map((c) => [c.id, c]));
  const who = (id: string, name: string) => identity.map((c) => c.value(id, comps.get(id), name));
  const rows = view.results.finishers.map((f) => [
    f.place === null ? '—' : f.dead_heat ? `${f.place}=` : String(f.place),
    ...who(f.competitor, f.name),
    f.time_display || (f.place === null ? 'no mark' : ''),
    ...(withSeconds ? [f.behind_winner_display ?? '', f.behind_previous_display ?? ''] : []),
    ...(withLengths ? [f.behind_previous_display ?? f.lengths_display ?? ''] : []),
    flagsOf(f).join(' '),
    resolutionText(f.resolution_s),
  ]);
  // Competitors who take no place: the status word in the place column (a DQ keeps its time for the record).
  for (const o of view.results.others) {
    rows.push([
      o.status === 'unmarked' ? '—' : o.status,
      ...who(o.competitor, o.name),
      o.time_display || (o.status === 'unmarked' ? 'no mark' : ''),
      ...(withSeconds ? ['', ''] : []),
      ...(withLengths ? [''] : []),
      '',
      '',
    ]);
  }

  const d = w.doc;
  const drawHeaderRow = () => {
    w.font('Sans-Bold', 6.5, MUTED);
    let x = w.left;
    for (const c of cols) {
      w.textAt(c.title, x + PAD / 2, w.y, { width: c.width - PAD, align: c.align, lineBreak: false });
      x += c.width;
    }
    w.y += 11;
    d.moveTo(w.left, w.y - 2).lineTo(w.left + w.contentWidth, w.y - 2).lineWidth(0.6).strokeColor(MUTED).stroke();
  };

  w.heading(`Results (${countsText(view)})`, 40);
  drawHeaderRow();
  rows.forEach((cells, r) => {
    let h = 0;
    cells.forEach((text, i) => {
      const c = cols[i] as Column;
      w.font(c.mono ? 'Mono' : 'Sans', FONT_SIZE);
      h = Math.max(h, w.heightOf(text || ' ', c.width - 2 * PAD));
    });
    h += 4;
    if (w.ensure(h)) drawHeaderRow();
    if (r % 2 === 1) d.rect(w.left, w.y - 1, w.contentWidth, h).fillColor('#f1f3f5').fill();
    let x = w.left;
    cells.forEach((text, i) => {
      const c = cols[i] as Column;
      const bold = i === 0 || i === timeColumn;
      w.font(c.mono ? 'Mono' : bold ? 'Sans-Bold' : 'Sans', FONT_SIZE);
      w.textAt(text, x + PAD, w.y + 1, { width: c.width - 2 * PAD, align: c.align });
      x += c.width;
    });
    w.y += h;
  });
  d.moveTo(w.left, w.y).lineTo(w.left + w.contentWidth, w.y).lineWidth(0.4).strokeColor(RULE).stroke();
  w.y += 4;
  const legend = legendFor(view.results.finishers);
  const explain = `Times are the sport's published times. ${GAP_RULE[view.results.sport] ?? ''} Resolution = frame interval of the evidence at the mark.${legend ? `  Flags: ${legend}.` : ''}`;
  w.font('Sans', 6.5, MUTED);
  const eh = w.heightOf(explain, w.contentWidth);
  w.ensure(eh);
  w.textAt(explain, w.left, w.y, { width: w.contentWidth });
  w.y += eh + 10;
}
