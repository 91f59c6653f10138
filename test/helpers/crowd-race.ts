/**
 * A race of many competitors for layout tests, in memory: a composite (streaked background, one coloured body per
 * competitor in its own band of rows, its leading edge on its mark) and a RaceView whose marks and results match,
 * built on the export fixture's view (header, evidence, certification). `columns` sets how long the race is.
 */
import sharp from 'sharp';
import type { FinisherResult, RaceView } from '../../app/api/types.js';
import type { Competitor, Mark } from '../../app/domain/race/document.js';

export interface CrowdOptions {
  competitors: number;
  columns: number;
  rows: number;
  /** Leading-edge column of each finisher, in finishing order. */
  markColumns: number[];
  /** Columns each body spans behind its leading edge. */
  bodyColumns?: number;
}

const PALETTE: [number, number, number][] = [[200, 40, 40], [240, 200, 40], [40, 90, 200], [40, 160, 80], [230, 120, 30], [140, 60, 170]];

export async function crowdRace(base: RaceView, o: CrowdOptions): Promise<{ view: RaceView; composite: Buffer }> {
  const { columns, rows } = o;
  const raw = Buffer.alloc(columns * rows * 3);
  for (let y = 0; y < rows; y++) raw.fill(120 + ((y * 37) % 60), y * columns * 3, (y + 1) * columns * 3);
  const band = Math.floor(rows / o.competitors);
  const body = o.bodyColumns ?? 30;
  o.markColumns.forEach((c, i) => {
    const lead = Math.round(c);
    const [r, g, b] = PALETTE[i % PALETTE.length] as [number, number, number];
    for (let y = i * band + 1; y < (i + 1) * band - 1; y++) {
      for (let x = lead; x < Math.min(columns, lead + body); x++) {
        const k = (y * columns + x) * 3;
        raw[k] = r;
        raw[k + 1] = g;
        raw[k + 2] = b;
      }
    }
  });
  const composite = await sharp(raw, { raw: { width: columns, height: rows, channels: 3 } }).png().toBuffer();
  const timeNs = (c: number) => 10_000_000_000n + BigInt(Math.round(c * 1000)) * 1000n;
  const competitors: Competitor[] = Array.from({ length: o.competitors }, (_, i) => ({ id: String(i + 1), name: `Runner ${i + 1}`, team: `Club ${i % 7}`, lane: String(i + 1) }));
  const marks: Mark[] = o.markColumns.map((c, i) => ({
    competitorId: String(i + 1),
    position: { kind: 'column', milliColumn: Math.round(c * 1000) },
    origin: 'image',
    by: 'Jane Official',
    at: '2026-06-14T15:30:00.000Z',
  }));
  const hundredthsUp = (ns: bigint) => {
    const h = (ns + 9_999_999n) / 10_000_000n;
    return `${h / 100n}.${(h % 100n).toString().padStart(2, '0')}`;
  };
  const winner = timeNs(o.markColumns[0] as number);
  const finishers: FinisherResult[] = o.markColumns.map((c, i) => {
    const t = timeNs(c);
    const prev = i > 0 ? timeNs(o.markColumns[i - 1] as number) : null;
    return {
      place: i + 1,
      competitor: String(i + 1),
      name: `Runner ${i + 1}`,
      team: `Club ${i % 7}`,
      lane: String(i + 1),
      time_s: Number(t) / 1e9,
      time_ns: t.toString(),
      time_display: hundredthsUp(t),
      behind_winner_s: i === 0 ? null : Number(t - winner) / 1e9,
      behind_previous_s: prev === null ? null : Number(t - prev) / 1e9,
      margin_display: prev === null ? '' : `+${hundredthsUp(t - prev)}`,
      resolution_s: 0.001,
      dead_heat: false,
      typed: false,
      suggested: false,
    };
  });
  const timesNs = Array.from({ length: columns }, (_, c) => timeNs(c).toString());
  const evidence = {
    ...base.evidence,
    columns,
    rows,
    gaps: [],
    composite: { ...base.evidence.composite, width: columns, height: rows },
  };
  const view: RaceView = { ...base, evidence, timesNs, frames: timesNs.map((_, i) => i), competitors, marks, results: { ...base.results, finishers } };
  return { view, composite };
}
