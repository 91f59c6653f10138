/**
 * Hairline labels sit above the image, centred on their hairline; where two would overlap the later one moves to
 * the next row up, so a close finish still shows every number and time legibly without covering the evidence.
 */
export interface LabelBox {
  /** Where the label points (its hairline), in the same units as the widths. */
  x: number;
  width: number;
}

export interface PlacedLabel {
  left: number;
  row: number;
}

export function stackLabels(items: readonly LabelBox[], minX: number, maxX: number, spacing: number): PlacedLabel[] {
  const order = items.map((_, i) => i).sort((a, b) => (items[a] as LabelBox).x - (items[b] as LabelBox).x || a - b);
  const rowRight: number[] = [];
  const placed: PlacedLabel[] = new Array(items.length);
  for (const i of order) {
    const it = items[i] as LabelBox;
    const left = Math.min(Math.max(it.x - it.width / 2, minX), Math.max(minX, maxX - it.width));
    let row = rowRight.findIndex((right) => right + spacing <= left);
    if (row < 0) {
      row = rowRight.length;
      rowRight.push(-Infinity);
    }
    rowRight[row] = left + it.width;
    placed[i] = { left, row };
  }
  return placed;
}

export function rowCount(placed: readonly PlacedLabel[]): number {
  return placed.reduce((n, p) => Math.max(n, p.row + 1), 0);
}
