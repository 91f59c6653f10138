/**
 * Gap labels never overlap (issue 22 item 8): gaps close together at the current zoom share one label naming how
 * many, how long in all and over what stretch; gaps far apart keep their own.
 */
import { describe, expect, it } from 'vitest';
import { LABEL_CLEARANCE, layoutGapLabels, type GapAt, type SpanOf } from '../../../../renderer/src/viewer/gap-labels.js';

/** 6 px per character plus 5 px padding each side, kept inside an 800 px viewer: what tagSpan does. */
const spanOf: SpanOf = (text, x) => {
  const w = text.length * 6 + 10;
  const left = Math.min(Math.max(x - w / 2, 2), 800 - w - 2);
  return [left, left + w];
};

/** A 2 ms gap (two frames at 1000 fps become one jump) at screen x, starting `atMs` into the race. */
const gap = (x: number, atMs: number): GapAt => ({ x, fromNs: BigInt(atMs) * 1_000_000n, toNs: BigInt(atMs + 2) * 1_000_000n });

function overlapping(labels: ReturnType<typeof layoutGapLabels>): string[] {
  const spans = labels.map((l) => spanOf(l.text, l.x)).sort((a, b) => a[0] - b[0]);
  return spans.slice(1).flatMap((s, i) => (spans[i]![1] + LABEL_CLEARANCE > s[0] ? [`${spans[i]} / ${s}`] : []));
}

describe('gap labels', () => {
  it('name a lone gap by its length, centred on its band', () => {
    expect(layoutGapLabels([gap(300, 10)], spanOf, 4)).toEqual([{ text: 'gap 0.0020 s', x: 300, from: 300, to: 300, count: 1 }]);
  });

  it('merge three gaps 32 px apart into one label over their middle, with the total and the stretch', () => {
    // Each "gap 0.0020 s" is 82 px wide: 32 px apart they would print over each other.
    const labels = layoutGapLabels([gap(400, 30), gap(336, 10), gap(368, 20)], spanOf, 4);
    expect(labels).toEqual([{ text: '3 gaps, 0.0060 s in all, over 0.0220 s', x: 368, from: 336, to: 400, count: 3 }]);
  });

  it('keep far-apart gaps apart, and merge only the crowded ones', () => {
    const labels = layoutGapLabels([gap(100, 0), gap(400, 100), gap(430, 110), gap(700, 300)], spanOf, 4);
    expect(labels.map((l) => l.text)).toEqual(['gap 0.0020 s', '2 gaps, 0.0040 s in all, over 0.0120 s', 'gap 0.0020 s']);
    expect(overlapping(labels)).toEqual([]);
  });

  it('fold in a neighbour that a merged, wider label reaches', () => {
    // 90 px apart the lone labels clear each other; once the last two merge, the wider label reaches the first.
    const labels = layoutGapLabels([gap(200, 0), gap(290, 50), gap(330, 60)], spanOf, 4);
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ count: 3, from: 200, to: 330 });
  });

  it('never overlap, however the gaps are strewn', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 50; run++) {
      const gaps = Array.from({ length: 1 + Math.floor(random() * 30) }, (_, i) => gap(random() * 800, i * 10));
      const labels = layoutGapLabels(gaps, spanOf, 4);
      expect(overlapping(labels), `run ${run}`).toEqual([]);
      expect(labels.reduce((n, l) => n + l.count, 0)).toBe(gaps.length);
    }
  });
});
