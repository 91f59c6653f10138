import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRaceFiles } from '../../../app/exports/export-race.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { pdfText } from '../../helpers/export-poppler.js';

/**
 * A real slit-scan image (4715×1080, a train's nose) as the composite: the sheet must cut the finishers' span into
 * full-resolution bands and stay quick. Skips where the shared real footage is absent (e.g. a user's machine).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const LINESCAN = path.resolve(repoRoot, '../shared/real-media/comeng-linescan.png');
const present = existsSync(LINESCAN);
if (!present) console.warn(`skipping real line-scan export tests: ${LINESCAN} is absent`);

describe.skipIf(!present)('export of a real line-scan composite', () => {
  let fx: ExportFixture;
  beforeAll(async () => {
    fx = await makeExportFixture({ certified: true });
    const png = await fs.readFile(LINESCAN);
    const meta = await sharp(png).metadata();
    const width = meta.width as number;
    const height = meta.height as number;
    await fs.writeFile(path.join(fx.dir, 'evidence', 'composite.png'), png);
    const v = fx.view;
    v.timesNs = Array.from({ length: width }, (_, i) => (10_000_000_000n + BigInt(i) * 250_000n).toString()); // 4000 lines/s
    v.evidence = {
      ...v.evidence,
      columns: width,
      rows: height,
      gaps: [],
      composite: { ...v.evidence.composite, width, height, sha256: createHash('sha256').update(png).digest('hex') },
    };
    v.marks = v.marks.map((m, i) => ({ ...m, position: { kind: 'column', milliColumn: [1200, 1900, 2600, 3100, 3900][i] as number * 1000 } }));
  });
  afterAll(() => fx?.cleanup());

  it('prints the span in full-resolution bands and writes all five files in a few seconds', async () => {
    const t0 = performance.now();
    const result = await exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software: { name: 'Photofinish', version: '0.1.0' } });
    const ms = performance.now() - t0;
    const sizes = Object.fromEntries(result.written.map((w) => [w.kind, w.bytes]));
    console.log(`real line-scan export: ${ms.toFixed(0)} ms, bytes ${JSON.stringify(sizes)}`);
    expect(ms).toBeLessThan(20_000);
    const pdf = await fs.readFile(result.written[0]?.path as string);
    const text = await pdfText(pdf);
    expect(text).toMatch(/every column printed \(1\.\d\d pt per column\) in [2-6] bands/);
    const png = await sharp(result.written[4]?.path as string).metadata();
    expect(png.width).toBeGreaterThan(2700 + 48);
  });
});
