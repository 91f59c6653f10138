import { describe, expect, it } from 'vitest';
import { layoutLanes, type LaneItem, type LaneLayout } from '../../../../app/domain/closeup/label-lanes.js';
import { createRandom } from '../../../../app/demo/prng.js';

/** Every rule a reader relies on: texts in one row apart, no line through a text, everything inside the room. */
function problems(items: readonly LaneItem[], layout: LaneLayout, minX: number, maxX: number): string[] {
  const out: string[] = [];
  const boxes = items.map((it, i) => {
    const p = layout.placed[i]!;
    const lines = it.kind === 'span' ? [it.x, it.x2!] : [it.x];
    const lo = Math.min(p.left, ...(it.kind === 'span' ? lines : []));
    const hi = Math.max(p.left + it.width, ...(it.kind === 'span' ? lines : []));
    return { i, side: p.side, row: p.row, text: [p.left, p.left + it.width] as const, lo, hi, lines };
  });
  for (const a of boxes) {
    if (a.text[0] < minX - 1e-6 || a.text[1] > maxX + 1e-6) out.push(`item ${a.i} outside [${minX}, ${maxX}]`);
    for (const b of boxes) {
      if (a.i >= b.i || a.side !== b.side) continue;
      if (a.row === b.row && a.text[0] < b.text[1] && b.text[0] < a.text[1]) out.push(`items ${a.i} and ${b.i} overlap in row ${a.row}`);
    }
    for (const b of boxes) {
      if (a.i === b.i || a.side !== b.side || b.row < a.row) continue;
      // b's lines run from the image out to b's row, through a's row.
      for (const x of b.lines) if (x > a.text[0] && x < a.text[1]) out.push(`line of item ${b.i} at ${x.toFixed(1)} crosses the text of item ${a.i}`);
    }
  }
  return out;
}

describe('label lanes', () => {
  it('flags two close hairlines away from each other in one row', () => {
    const items: LaneItem[] = [
      { kind: 'flag', x: 100, width: 30, side: 'above' },
      { kind: 'flag', x: 102, width: 30, side: 'above' },
    ];
    const layout = layoutLanes(items, { minX: 0, maxX: 300, gap: 2 });
    expect(layout.placed.map((p) => p.row)).toEqual([0, 0]);
    expect(layout.placed[0]!.left + 30).toBeLessThanOrEqual(100);
    expect(layout.placed[1]!.left).toBeGreaterThanOrEqual(102);
    expect(problems(items, layout, 0, 300)).toEqual([]);
  });

  it('writes a margin between its hairlines where it fits, beside them where it does not', () => {
    const wide: LaneItem[] = [{ kind: 'span', x: 50, x2: 150, width: 40, side: 'below' }];
    const w = layoutLanes(wide, { minX: 0, maxX: 300, gap: 2 });
    expect(w.placed[0]!.left).toBe(80);
    const narrow: LaneItem[] = [{ kind: 'span', x: 50, x2: 53, width: 40, side: 'below' }];
    const n = layoutLanes(narrow, { minX: 0, maxX: 300, gap: 2 });
    expect(n.placed[0]!.left).toBe(55);
    expect(n.placed[0]!.side).toBe('below');
  });

  it('spills to the other side once its own side holds maxRows rows', () => {
    const items: LaneItem[] = Array.from({ length: 6 }, (_, i) => ({ kind: 'flag', x: 100 + i, width: 60, side: 'above' }));
    const layout = layoutLanes(items, { minX: 0, maxX: 260, gap: 2, maxRows: 2 });
    expect(layout.rows.above).toBeLessThanOrEqual(3);
    expect(layout.placed.some((p) => p.side === 'below')).toBe(true);
    expect(problems(items, layout, 0, 260)).toEqual([]);
  });

  it('never overlaps texts or crosses a text with a line, for crowds of tags above and margins below', () => {
    const rnd = createRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 2 + Math.floor(rnd() * 14);
      const spread = rnd() < 0.5 ? 40 : 400;
      const xs = Array.from({ length: n }, () => rnd() * spread).sort((a, b) => a - b);
      const items: LaneItem[] = xs.map((x) => ({ kind: 'flag', x, width: 10 + rnd() * 40, side: 'above' }));
      for (let i = 0; i + 1 < n; i++) if (rnd() < 0.6) items.push({ kind: 'span', x: xs[i]!, x2: xs[i + 1]!, width: 15 + rnd() * 30, side: 'below' });
      const layout = layoutLanes(items, { minX: -200, maxX: 600, gap: 2 });
      expect(problems(items, layout, -200, 600), `trial ${trial}`).toEqual([]);
    }
  });

  it('keeps texts apart even where lines must cross them (spilled crowds)', () => {
    const rnd = createRandom(11);
    for (let trial = 0; trial < 200; trial++) {
      const n = 2 + Math.floor(rnd() * 12);
      const xs = Array.from({ length: n }, () => rnd() * 400).sort((a, b) => a - b);
      const items: LaneItem[] = xs.map((x) => ({ kind: 'flag', x, width: 10 + rnd() * 40, side: rnd() < 0.8 ? 'above' : 'below' }));
      for (let i = 0; i + 1 < n; i++) if (rnd() < 0.5) items.push({ kind: 'span', x: xs[i]!, x2: xs[i + 1]!, width: 15 + rnd() * 30, side: 'below' });
      const layout = layoutLanes(items, { minX: -20, maxX: 420, gap: 2, maxRows: 3 });
      expect(problems(items, layout, -20, 420).filter((p) => p.includes('overlap') || p.includes('outside')), `trial ${trial}`).toEqual([]);
    }
  });
});
