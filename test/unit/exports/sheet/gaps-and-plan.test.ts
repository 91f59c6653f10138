import { describe, expect, it } from 'vitest';
import type { RaceView } from '../../../../app/api/types.js';
import { secondsText, ticksFixed } from '../../../../app/exports/gaps-text.js';
import { clockText, closestFinish, planImage } from '../../../../app/exports/sheet/image-plan.js';
import { stackLabels } from '../../../../app/exports/sheet/label-layout.js';
import { ColumnTimes } from '../../../../app/domain/time/column-time.js';

// The published margins themselves are the result's (test/unit/domain/results/published-result.test.ts).
describe('exact tick text', () => {
  it('formats exact ticks without floats', () => {
    expect(ticksFixed(40_000_000n, 3)).toBe('0.040');
    expect(ticksFixed(-15_000_000n, 2)).toBe('-0.02');
    expect(secondsText(10_300_000_000n)).toBe('10.300');
    expect(secondsText(10_340_500_000n)).toBe('10.3405');
    expect(clockText(62_500_000_000n, 2)).toBe('1:02.50');
  });
});

function viewWith(columns: number, markColumns: number[], direction: 'ltr' | 'rtl' = 'ltr'): RaceView {
  const timesNs = Array.from({ length: columns }, (_, i) => (BigInt(i) * 1_000_000n).toString());
  return {
    direction,
    timesNs,
    marks: markColumns.map((c, i) => ({ competitorId: String(i + 1), position: { kind: 'column', milliColumn: Math.round(c * 1000) }, origin: 'image', by: 'x', at: '2026-01-01T00:00:00Z' })),
    competitors: markColumns.map((_, i) => ({ id: String(i + 1), name: '' })),
    results: { sport: 'motorsport', certified: false, revision: 1, finishers: [], others: [], checks: [] },
    evidence: { gaps: [] },
  } as unknown as RaceView;
}

describe('image plan', () => {
  it('prints a narrow crop in one band at more than a point per column, hairlines at column centres', () => {
    const view = viewWith(2000, [1000, 1010.25]);
    const plan = planImage(view, new ColumnTimes(view.timesNs), { width: 500, maxBands: 6, tickSpacing: 40 });
    expect(plan.bands).toHaveLength(1);
    expect(plan.unitsPerColumn).toBeGreaterThan(1);
    const h = plan.hairlines[1];
    expect(h?.x).toBeCloseTo((1010.25 + 0.5 - plan.start) * plan.unitsPerColumn, 9);
    expect(plan.ticks.filter((t) => t.label).length).toBeGreaterThanOrEqual(3);
  });

  it('cuts a wide crop into bands at one point per column or more, and only reduces beyond maxBands', () => {
    const view = viewWith(5000, [100, 1900]);
    const plan = planImage(view, new ColumnTimes(view.timesNs), { width: 500, maxBands: 6, tickSpacing: 40 });
    expect(plan.bands.length).toBe(Math.ceil((plan.end - plan.start) / 500));
    expect(plan.unitsPerColumn).toBeGreaterThanOrEqual(1);
    expect(plan.reduced).toBe(false);
    const far = viewWith(5000, [10, 4990]);
    const reduced = planImage(far, new ColumnTimes(far.timesNs), { width: 500, maxBands: 6, tickSpacing: 40 });
    expect(reduced.bands).toHaveLength(6);
    expect(reduced.reduced).toBe(true);
  });

  it('mirrors positions when the race is shown right to left', () => {
    const view = viewWith(400, [200, 210], 'rtl');
    const plan = planImage(view, new ColumnTimes(view.timesNs), { width: 500, maxBands: 1, tickSpacing: 40 });
    const [a, b] = plan.hairlines;
    expect(a && b && a.x > b.x).toBe(true);
    expect(a?.x).toBeCloseTo(plan.bands[0]!.width - (200.5 - plan.start) * plan.unitsPerColumn, 9);
  });

  it('finds a finish too close to read and offers an enlargement around it', () => {
    const view = viewWith(3000, [1000, 1000.3, 1400]);
    const plan = planImage(view, new ColumnTimes(view.timesNs), { width: 500, maxBands: 6, tickSpacing: 40 });
    const close = closestFinish(plan, 3000, 8, 40);
    expect(close?.pair).toEqual(['1', '2']);
    expect(close!.crop.end - close!.crop.start).toBe(40);
    expect(close!.crop.start).toBeLessThanOrEqual(1000);
    expect(close!.crop.end).toBeGreaterThan(1001);
  });

  it('stacks labels that would overlap into rows', () => {
    const placed = stackLabels([{ x: 100, width: 40 }, { x: 110, width: 40 }, { x: 300, width: 40 }], 0, 500, 4);
    expect(placed.map((p) => p.row)).toEqual([0, 1, 0]);
  });
});
