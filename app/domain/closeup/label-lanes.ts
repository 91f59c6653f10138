/**
 * Where the words around a photo-finish image go: hairline labels ("1st #5") and margins between two hairlines
 * ("+0.001 s") in rows of lanes above and below the image, never on the picture, so no label covers a nose.
 *
 * A hairline's line runs on from the image's edge out to its label's row and the label sits beside it (a flag) or
 * centred on it; a margin sits between its two hairlines when it fits there, else beside them, with a dimension
 * line from one to the other. Nothing overlaps: no two labels in one row, and no label across a line that passes
 * through its row on the way to a label further out. Pure geometry in the caller's units (points or pixels).
 */

export type Side = 'above' | 'below';

export interface LaneItem {
  /** A hairline's label at `x`, or a margin spanning the hairlines at `x` and `x2`. */
  kind: 'flag' | 'span';
  x: number;
  x2?: number;
  /** Width of the text. */
  width: number;
  side: Side;
}

export interface PlacedLaneItem {
  side: Side;
  /** 0 = the row next to the image, counting outwards. */
  row: number;
  /** Left edge of the text. */
  left: number;
}

export interface LaneOptions {
  minX: number;
  maxX: number;
  /** Space kept between a text and anything else. */
  gap: number;
  /** Rows a side may use before items spill to the other side. */
  maxRows?: number;
}

export interface LaneLayout {
  placed: PlacedLaneItem[];
  rows: Record<Side, number>;
}

interface Occupied {
  side: Side;
  row: number;
  lo: number;
  hi: number;
  /** The text alone (lo..hi also holds a flag's own line and a margin's dimension line). */
  textLo: number;
  textHi: number;
  /** Lines that run from the image out to this row. */
  lines: number[];
}

/**
 * Two items in one row clash where their texts come within `gap`, where a line of one runs through the other's text,
 * or where one's extent (a margin's dimension line) crosses the other's. Lines may stand as close as the hairlines do.
 */
function clash(a: Pick<Occupied, 'lo' | 'hi' | 'textLo' | 'textHi' | 'lines'>, b: Pick<Occupied, 'lo' | 'hi' | 'textLo' | 'textHi' | 'lines'>, gap: number): boolean {
  if (a.textLo < b.textHi + gap && b.textLo < a.textHi + gap) return true;
  const through = (x: number, t: Pick<Occupied, 'textLo' | 'textHi'>) => x > t.textLo - gap / 2 && x < t.textHi + gap / 2;
  if (a.lines.some((x) => through(x, b)) || b.lines.some((x) => through(x, a))) return true;
  // Beyond its text and lines an item reaches only with a dimension line: it must not cross the other's text or bar.
  const barA = a.lines.length > 1;
  const barB = b.lines.length > 1;
  if (barA && a.lo < b.textHi + gap / 2 && b.textLo < a.hi + gap / 2) return true;
  if (barB && b.lo < a.textHi + gap / 2 && a.textLo < b.hi + gap / 2) return true;
  return barA && barB && a.lo < b.hi && b.lo < a.hi;
}

/** The vertical lines an item draws from the image edge out to its row. */
function linesOf(it: LaneItem): number[] {
  return it.kind === 'span' ? [it.x, it.x2 ?? it.x] : [it.x];
}

/** Text positions to try for an item, best first. */
function candidates(it: LaneItem, gap: number, neighbourRight: boolean): { left: number; lo: number; hi: number }[] {
  const w = it.width;
  if (it.kind === 'span') {
    const a = Math.min(it.x, it.x2 ?? it.x);
    const b = Math.max(it.x, it.x2 ?? it.x);
    if (b - a >= w + 2 * gap) return [{ left: (a + b) / 2 - w / 2, lo: a, hi: b }];
    return [
      { left: b + gap, lo: a, hi: b + gap + w },
      { left: a - gap - w, lo: a - gap - w, hi: b },
    ];
  }
  const away = neighbourRight ? { left: it.x - gap - w } : { left: it.x + gap };
  const toward = neighbourRight ? { left: it.x + gap } : { left: it.x - gap - w };
  return [away, toward, { left: it.x - w / 2 }].map((c) => ({ left: c.left, lo: Math.min(c.left, it.x), hi: Math.max(c.left + w, it.x) }));
}

/**
 * The order items are placed in. Spans first (they need the room between two hairlines). Flags cluster where their
 * texts could touch; in a cluster the outermost go first, so they take the inner rows beside their lines and the
 * inner ones go further out, their lines rising between the texts below them.
 */
function placementOrder(items: readonly LaneItem[]): number[] {
  const spans = items.map((_, i) => i).filter((i) => (items[i] as LaneItem).kind === 'span');
  spans.sort((a, b) => (items[a] as LaneItem).x - (items[b] as LaneItem).x || a - b);
  const flags = items.map((_, i) => i).filter((i) => (items[i] as LaneItem).kind === 'flag');
  flags.sort((a, b) => (items[a] as LaneItem).x - (items[b] as LaneItem).x || a - b);
  const reach = Math.max(0, ...flags.map((i) => (items[i] as LaneItem).width));
  const order = [...spans];
  let cluster: number[] = [];
  const flush = () => {
    for (let lo = 0, hi = cluster.length - 1; lo <= hi; lo++, hi--) {
      order.push(cluster[lo] as number);
      if (hi !== lo) order.push(cluster[hi] as number);
    }
    cluster = [];
  };
  for (const i of flags) {
    const last = cluster[cluster.length - 1];
    if (last !== undefined && (items[i] as LaneItem).x - (items[last] as LaneItem).x > reach) flush();
    cluster.push(i);
  }
  flush();
  return order;
}

/** Rows to try, nearest first: the preferred side up to maxRows, then the other side, then both alternately. */
function* slots(preferred: Side, maxRows: number): Generator<[Side, number]> {
  const other: Side = preferred === 'above' ? 'below' : 'above';
  if (!Number.isFinite(maxRows)) {
    for (let r = 0; ; r++) yield [preferred, r];
  }
  for (let r = 0; r < maxRows; r++) yield [preferred, r];
  for (let r = 0; r < maxRows; r++) yield [other, r];
  for (let r = maxRows; ; r++) {
    yield [preferred, r];
    yield [other, r];
  }
}

export function layoutLanes(items: readonly LaneItem[], opts: LaneOptions): LaneLayout {
  const { gap, minX, maxX } = opts;
  const maxRows = opts.maxRows ?? Infinity;
  const xs = items.filter((i) => i.kind === 'flag').map((i) => i.x);
  const taken: Occupied[] = [];
  const placed: PlacedLaneItem[] = new Array(items.length);

  const fits = (side: Side, row: number, lo: number, hi: number, lines: number[], textLo: number, textHi: number): boolean => {
    if (textLo < minX - 1e-9 || textHi > maxX + 1e-9) return false;
    for (const o of taken) {
      if (o.side !== side) continue;
      if (o.row === row && clash(o, { lo, hi, textLo, textHi, lines }, gap)) return false;
      // A line of something further out crosses this row: it must not run through this text.
      if (o.row > row && o.lines.some((x) => x > textLo - gap / 2 && x < textHi + gap / 2)) return false;
      // This item's lines cross the rows further in: they must not run through the texts there.
      if (o.row < row && lines.some((x) => x > o.textLo - gap / 2 && x < o.textHi + gap / 2)) return false;
    }
    return true;
  };

  const order = placementOrder(items);
  const unplaced = new Set(order);
  for (const i of order) {
    const it = items[i] as LaneItem;
    unplaced.delete(i);
    // Lines still to come on each side: a text placed now must leave them a way out to their rows further out.
    const pendingOn = (side: Side) => [...unplaced].filter((j) => (items[j] as LaneItem).side === side).flatMap((j) => linesOf(items[j] as LaneItem));
    const pending = { above: pendingOn('above'), below: pendingOn('below') };
    const others = xs.filter((x) => x !== it.x);
    const nearest = others.reduce((best, x) => (Math.abs(x - it.x) < Math.abs(best - it.x) ? x : best), Number.POSITIVE_INFINITY);
    const cands = candidates(it, gap, nearest > it.x);
    const lines = linesOf(it);
    let done: Occupied | null = null;
    let left = 0;
    let tried = 0;
    for (const [side, row] of slots(it.side, maxRows)) {
      const ahead = pending[side];
      for (const c of cands) {
        if (!fits(side, row, c.lo, c.hi, lines, c.left, c.left + it.width)) continue;
        if (ahead.some((x) => x > c.left - gap / 2 && x < c.left + it.width + gap / 2)) continue;
        done = { side, row, lo: c.lo, hi: c.hi, textLo: c.left, textHi: c.left + it.width, lines };
        left = c.left;
        break;
      }
      if (done || ++tried > 2 * items.length + 4) break;
    }
    if (!done) {
      // No room anywhere (wider than the image, or a line hemmed in): a row of its own outside all others.
      const c = cands[0] as { left: number; lo: number; hi: number };
      left = Math.max(minX, Math.min(c.left, maxX - it.width));
      const outer = taken.filter((o) => o.side === it.side).reduce((n, o) => Math.max(n, o.row + 1), 0);
      done = { side: it.side, row: outer, lo: Math.min(left, c.lo), hi: Math.max(left + it.width, c.hi), textLo: left, textHi: left + it.width, lines };
    }
    taken.push(done);
    placed[i] = { side: done.side, row: done.row, left };
  }
  const rows = { above: 0, below: 0 };
  for (const p of placed) rows[p.side] = Math.max(rows[p.side], p.row + 1);
  return { placed, rows };
}
