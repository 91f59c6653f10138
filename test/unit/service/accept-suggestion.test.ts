import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../../../app/service/create-service.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-suggest-'));
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('accepting a detected edge', () => {
  it('records the mark with origin "suggestion", its exact time and the stated uncertainty', async (ctx) => {
    const { service: s } = createService({ shell: 'cli', dataDir });
    // The demo race (rendered on first use) has real leading edges to detect.
    const race = await s.openDemoRace({}).catch((err: Error) => err);
    if (race instanceof Error) return ctx.skip(`demo race unavailable: ${race.message}`);
    const { edges } = await s.detectEdges({ raceId: race.raceId });
    expect(edges.length).toBeGreaterThan(0);
    const edge = edges[0] as (typeof edges)[number];
    const competitor = race.competitors[0]?.id as string;
    const view = await s.placeMark({ raceId: race.raceId, competitorId: competitor, suggestion: edge.index, by: 'Jane' });
    expect(view.marks.find((m) => m.competitorId === competitor)).toMatchObject({
      position: { kind: 'time', ns: edge.time_ns },
      origin: 'suggestion',
      suggestion: { index: edge.index, confidence: edge.confidence, uncertaintyNs: expect.stringMatching(/^\d+$/), calibrated: edge.uncertainty_calibrated },
      by: 'Jane',
    });
    expect(view.results.finishers[0]).toMatchObject({ competitor, suggested: true, typed: false, time_ns: edge.time_ns });
    await expect(s.placeMark({ raceId: race.raceId, competitorId: competitor, suggestion: 999, by: 'Jane' })).rejects.toThrow(/no suggestion 999/);
  });
});
