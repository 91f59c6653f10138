/**
 * Where the names of dropped-frame gaps go on the overlay. Each gap's label is centred over its band; gaps so close
 * at the current zoom that their labels would overlap share one label ("3 gaps, 0.0060 s in all, over 0.0400 s")
 * centred over the stretch from the first to the last, so no label is drawn over another. Pure: the caller measures
 * text (as labels.ts's tagSpan does) and draws.
 */
import { formatSeconds } from '../../../app/domain/viewport/readout.js';

export interface GapAt {
  /** Screen x of the gap's band centre. */
  x: number;
  fromNs: bigint;
  toNs: bigint;
}

export interface GapLabel {
  text: string;
  /** Where the label is centred (the middle of the gaps it names). */
  x: number;
  /** Screen x of the first and last gap it names (equal for a lone gap). */
  from: number;
  to: number;
  /** How many gaps it names. */
  count: number;
}

/** Left and right screen x of a label centred on `x`, as it would be drawn (kept inside the viewer). */
export type SpanOf = (text: string, x: number) => readonly [number, number];

/** Screen pixels kept clear between two gap labels. */
export const LABEL_CLEARANCE = 3;

interface Group {
  gaps: GapAt[];
  label: GapLabel;
  span: readonly [number, number];
}

function labelOf(gaps: readonly GapAt[], decimals: number): GapLabel {
  const first = gaps[0] as GapAt;
  const last = gaps[gaps.length - 1] as GapAt;
  const missing = gaps.reduce((sum, g) => sum + (g.toNs - g.fromNs), 0n);
  const from = Math.min(first.x, last.x);
  const to = Math.max(first.x, last.x);
  if (gaps.length === 1) return { text: `gap ${formatSeconds(missing, decimals)} s`, x: first.x, from, to, count: 1 };
  // Gaps are ordered on screen; in time the first on screen is the earliest only left to right.
  const startNs = gaps.reduce((m, g) => (g.fromNs < m ? g.fromNs : m), first.fromNs);
  const endNs = gaps.reduce((m, g) => (g.toNs > m ? g.toNs : m), first.toNs);
  const text = `${gaps.length} gaps, ${formatSeconds(missing, decimals)} s in all, over ${formatSeconds(endNs - startNs, decimals)} s`;
  return { text, x: (from + to) / 2, from, to, count: gaps.length };
}

/**
 * One label per group of gaps whose labels would touch: gaps taken left to right, each starts a group of its own,
 * and the last two groups merge for as long as their labels overlap (a merged label is wider, so it may reach the
 * group before it too).
 */
export function layoutGapLabels(gaps: readonly GapAt[], spanOf: SpanOf, decimals: number): GapLabel[] {
  const groups: Group[] = [];
  const make = (members: GapAt[]): Group => {
    const label = labelOf(members, decimals);
    return { gaps: members, label, span: spanOf(label.text, label.x) };
  };
  for (const g of [...gaps].sort((a, b) => a.x - b.x)) {
    groups.push(make([g]));
    while (groups.length >= 2) {
      const b = groups[groups.length - 1] as Group;
      const a = groups[groups.length - 2] as Group;
      if (a.span[1] + LABEL_CLEARANCE <= b.span[0]) break;
      groups.splice(groups.length - 2, 2, make([...a.gaps, ...b.gaps]));
    }
  }
  return groups.map((g) => g.label);
}
