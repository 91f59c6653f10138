/**
 * Labels for a crowd of hairlines, fanned out: one row of texts in the hairlines' order, each as near its hairline
 * as the others allow (least squares), joined to it by a leader that slants across a narrow band above the image.
 * Leaders keep the order, so none crosses another, and no text overlaps another. For when a bunch stands too close
 * for labels beside their lines (40 finishers across a few points of the overview).
 */

export interface FanItem {
  x: number;
  width: number;
}

/** Left edge of each item's text (in the items' order), or null when their texts cannot share one row. */
export function fanOut(items: readonly FanItem[], minX: number, maxX: number, gap: number): number[] | null {
  const order = items.map((_, i) => i).sort((a, b) => (items[a] as FanItem).x - (items[b] as FanItem).x || a - b);
  const widths = order.map((i) => (items[i] as FanItem).width);
  const total = widths.reduce((s, w) => s + w, 0) + gap * Math.max(0, order.length - 1);
  if (total > maxX - minX + 1e-9) return null;
  const desired = order.map((i) => (items[i] as FanItem).x - (items[i] as FanItem).width / 2);

  // Pool adjacent violators: blocks of texts packed edge to edge, each block where its texts' mean wish puts it.
  interface Block {
    first: number;
    last: number;
    left: number;
    /** Sum over the block's texts of (desired left − offset within the block), and their count. */
    sum: number;
    n: number;
    width: number;
  }
  const blocks: Block[] = [];
  order.forEach((_, k) => {
    let b: Block = { first: k, last: k, left: desired[k] as number, sum: desired[k] as number, n: 1, width: widths[k] as number };
    for (let prev = blocks[blocks.length - 1]; prev && prev.left + prev.width + gap > b.left; prev = blocks[blocks.length - 1]) {
      blocks.pop();
      const offset = prev.width + gap;
      const sum = prev.sum + b.sum - offset * b.n;
      const n = prev.n + b.n;
      b = { first: prev.first, last: b.last, sum, n, left: sum / n, width: prev.width + gap + b.width };
    }
    blocks.push(b);
  });
  const lefts = new Array<number>(order.length);
  for (const b of blocks) {
    let x = b.left;
    for (let k = b.first; k <= b.last; k++) {
      lefts[k] = x;
      x += (widths[k] as number) + gap;
    }
  }
  // Into the room: push right past the left edge, then left off the right edge (the total fits, so both hold).
  for (let k = 0; k < lefts.length; k++) lefts[k] = Math.max(lefts[k] as number, k === 0 ? minX : (lefts[k - 1] as number) + (widths[k - 1] as number) + gap);
  for (let k = lefts.length - 1; k >= 0; k--) {
    const limit = k === lefts.length - 1 ? maxX : (lefts[k + 1] as number) - gap;
    lefts[k] = Math.min(lefts[k] as number, limit - (widths[k] as number));
  }
  const out = new Array<number>(items.length);
  order.forEach((i, k) => {
    out[i] = lefts[k] as number;
  });
  return out;
}
