/**
 * Place labels over the overview image, so the finish order reads without the table: each hairline labelled with
 * place, number and time where there is room, shortened for the whole image (place and number, then the place
 * alone) where a crowd would need more than `maxRows` rows. Laid out by the domain's label lanes, above the image.
 */
import { layoutLanes, type PlacedLaneItem } from '../../domain/closeup/label-lanes.js';
import type { Hairline } from './image-plan.js';

export interface OverviewLabels {
  texts: string[];
  placed: PlacedLaneItem[];
  rows: number;
}

export function overviewLabels(lines: readonly Hairline[], measure: (text: string) => number, width: number, gap: number, maxRows: number): OverviewLabels {
  const levels = Math.max(1, ...lines.map((h) => h.labels.length));
  let best: OverviewLabels | null = null;
  for (let level = 0; level < levels; level++) {
    const texts = lines.map((h) => h.labels[Math.min(level, h.labels.length - 1)] as string);
    const layout = layoutLanes(
      lines.map((h, i) => ({ kind: 'flag', x: h.x, width: measure(texts[i] as string), side: 'above' })),
      { minX: 0, maxX: width, gap },
    );
    best = { texts, placed: layout.placed, rows: layout.rows.above };
    if (best.rows <= maxRows) break;
  }
  return best ?? { texts: [], placed: [], rows: 0 };
}
