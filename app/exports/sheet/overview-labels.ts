/**
 * Place labels over the overview image, so the finish order reads without the table. For each wording, fullest
 * first (place, number and time; place and number; the place; its number), labels go beside their hairlines in up
 * to `maxRows` rows (the domain's label lanes) or else fanned out in one row with slanting leaders (a bunch too
 * tight for labels beside their lines); the first wording that fits either way is used for the whole image.
 */
import { fanOut } from '../../domain/closeup/label-fan.js';
import { layoutLanes } from '../../domain/closeup/label-lanes.js';
import type { Hairline } from './image-plan.js';

export interface OverviewLabels {
  mode: 'lanes' | 'fan';
  texts: string[];
  /**
   * Left edge of each text and its row (0 = nearest the image); a fan has one row. `over`: the text stands over its
   * own hairline (centred on it), so the line stops under the text instead of running up beside it.
   */
  placed: { left: number; row: number; over: boolean }[];
  rows: number;
}

export function overviewLabels(lines: readonly Hairline[], measure: (text: string) => number, width: number, gap: number, maxRows: number): OverviewLabels {
  const levels = Math.max(1, ...lines.map((h) => h.labels.length));
  let last: OverviewLabels | null = null;
  for (let level = 0; level < levels; level++) {
    const texts = lines.map((h) => h.labels[Math.min(level, h.labels.length - 1)] as string);
    const widths = texts.map(measure);
    const lanes = layoutLanes(
      lines.map((h, i) => ({ kind: 'flag', x: h.x, width: widths[i] as number, side: 'above' })),
      { minX: 0, maxX: width, gap },
    );
    const placed = lanes.placed.map((p, i) => ({ left: p.left, row: p.row, over: p.left < (lines[i] as Hairline).x && (lines[i] as Hairline).x < p.left + (widths[i] as number) }));
    last = { mode: 'lanes', texts, placed, rows: lanes.rows.above };
    if (lanes.rows.above <= maxRows) return last;
    const fan = fanOut(lines.map((h, i) => ({ x: h.x, width: widths[i] as number })), 0, width, gap);
    if (fan) return { mode: 'fan', texts, placed: fan.map((left) => ({ left, row: 0, over: false })), rows: 1 };
  }
  return last ?? { mode: 'lanes', texts: [], placed: [], rows: 0 };
}
