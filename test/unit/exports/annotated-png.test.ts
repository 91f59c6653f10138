import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAnnotatedPng } from '../../../app/exports/annotated-png.js';
import { readRaceEvidence } from '../../../app/exports/evidence-files.js';
import { FIXTURE_ENTRIES, FIXTURE_ROWS, makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { colourDistance, hexToRgb } from '../../helpers/export-poppler.js';

const fixtures: ExportFixture[] = [];
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.cleanup()));
});

async function render(direction: 'ltr' | 'rtl') {
  const fx = await makeExportFixture({ certified: true, direction });
  fixtures.push(fx);
  const ev = await readRaceEvidence(fx.view, fx.dir);
  const out = await renderAnnotatedPng(fx.view, ev.composite, ev.hashes);
  const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
  const rgb = (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
  };
  return { fx, out, rgb, info };
}

describe('annotated PNG', () => {
  for (const direction of ['ltr', 'rtl'] as const) {
    it(`keeps every composite pixel and draws each hairline on its mark column (${direction})`, async () => {
      const { fx, out, rgb, info } = await render(direction);
      expect(info.channels).toBe(3);
      expect(out.scaleX).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(out.scaleX) && Number.isInteger(out.scaleY)).toBe(true);
      const plan = out.plan;
      const width = (plan.end - plan.start) * out.scaleX;
      // Row 70 of the composite carries no silhouette.
      const y = out.imageTop + 70 * out.scaleY + out.scaleY / 2;
      for (const e of FIXTURE_ENTRIES) {
        if (!e.mark) continue;
        const column = e.mark.milliColumn !== undefined ? e.mark.milliColumn / 1000 : 280;
        const u = (column + 0.5 - plan.start) * out.scaleX;
        const x = out.imageLeft + (direction === 'rtl' ? width - u : u);
        const want = hexToRgb(e.c.colour as string);
        let best = Infinity;
        for (let dy = 0; dy < 12; dy++) for (let dx = -1; dx <= 1; dx++) best = Math.min(best, colourDistance(rgb(x + dx, y + dy), want));
        expect(best, `hairline of #${e.c.id}`).toBeLessThan(40);
      }
      // A composite pixel away from any hairline is exactly the composite's value (enlarged, not resampled).
      const compCol = plan.start + 5;
      const u = (compCol - plan.start + 0.5) * out.scaleX;
      const px = out.imageLeft + (direction === 'rtl' ? width - u : u);
      const { data: comp, info: ci } = await sharp(fx.view.path + '/evidence/composite.png').raw().toBuffer({ resolveWithObject: true });
      const row = 70;
      const i = (row * ci.width + compCol) * ci.channels;
      expect(rgb(px, out.imageTop + row * out.scaleY)).toEqual([comp[i], comp[i + 1], comp[i + 2]]);
      expect(FIXTURE_ROWS * out.scaleY).toBeLessThan(info.height);
    });
  }

  it('is the same bytes for the same race', async () => {
    const a = await render('ltr');
    const b = await render('ltr');
    expect(a.out.png.equals(b.out.png)).toBe(true);
  });
});
