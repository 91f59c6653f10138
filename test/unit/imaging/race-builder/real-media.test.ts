/** Real footage nobody on the project made (../shared/real-media): a video, an animated GIF and a line-scan image. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { loadManifest, readTimes } from '../../../../app/store/evidence-reader.js';
import { probeSource, renderSourceFrame } from '../../../../app/imaging/source-frame.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const media = path.resolve(repoRoot, '../shared/real-media');
const video = path.join(media, 'car-detection.mp4');
const linescan = path.join(media, 'comeng-linescan.png');
const gif = path.join(media, 'person-bicycle-car-detection.gif');
const present = existsSync(video) && existsSync(linescan) && existsSync(gif);
if (!present) console.warn(`Skipping real-footage tests: ${media} is absent (it holds shared test footage, not part of the repository).`);

describe.skipIf(!present)('real footage', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-real-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('car-detection.mp4 with the horizontal line 0,216,767,216: 377 columns, 80 ms apart, times from the video', async () => {
    const out = path.join(tmp, 'car');
    await buildRace(buildRequest.parse({ source: video, out, line: { kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 } }), { actor: 'test' });
    const m = await loadManifest(out);
    expect(m.source.kind).toBe('video');
    expect(m.timing).toEqual({ kind: 'video' });
    expect([m.columns, m.rows]).toEqual([377, 768]);
    expect(m.measured.medianIntervalNs).toBe('80000000');
    expect(m.measured.spreadNs).toBe('0');
    expect(m.gaps).toEqual([]);
    const t = await readTimes(out);
    expect(t.timesNs[0]).toBe('0');
    expect(t.timesNs[376]).toBe('30080000000');
    expect(t.timesNs.every((ns, i) => BigInt(ns) === BigInt(i) * 80_000_000n)).toBe(true);
    expect(m.source.files).toHaveLength(1);
    expect(m.source.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The composite row at sample k is the frame's pixel (k, 216): compare column 200 with the decoded frame 200.
    const frame = await renderSourceFrame(m, t, { column: 200 });
    expect([frame.frameIndex, frame.timeNs, frame.width, frame.height]).toEqual([200, '16000000000', 768, 432]);
    const png = Buffer.from(frame.dataUrl.split(',')[1] as string, 'base64');
    const row = await sharp(png).extract({ left: 0, top: 216, width: 768, height: 1 }).raw().toBuffer();
    const col = await sharp(path.join(out, m.composite.path)).extract({ left: 200, top: 0, width: 1, height: 768 }).raw().toBuffer();
    let maxDiff = 0;
    for (let i = 0; i < row.length; i++) maxDiff = Math.max(maxDiff, Math.abs((row[i] as number) - (col[i] as number)));
    // ffmpeg converts only a margin around the line to RGB; the pixels must equal the whole frame's conversion.
    expect(maxDiff).toBe(0);
  });

  it('probes the video: its own timestamps measure 12.5 fps', async () => {
    const p = await probeSource(video);
    expect([p.kind, p.frameCount, p.width, p.height, p.ownTimes, p.measuredRate, p.medianIntervalNs]).toEqual(['video', 377, 768, 432, 'video', 12.5, '80000000']);
  });

  it('comeng-linescan.png loads as a native line-scan image: one column per line at --line-rate', async () => {
    const out = path.join(tmp, 'comeng');
    await buildRace(buildRequest.parse({ source: linescan, out, timing: { kind: 'line-rate', rate: '1000' } }), { actor: 'test' });
    const m = await loadManifest(out);
    expect([m.source.kind, m.columns, m.rows, m.source.channels]).toEqual(['linescan', 4715, 1080, 3]);
    expect(m.timing).toEqual({ kind: 'line-rate', rate: '1000', startNs: '0' });
    expect(m.measured.medianIntervalNs).toBe('1000000');
    const original = await sharp(linescan).removeAlpha().raw().toBuffer();
    const composite = await sharp(path.join(out, m.composite.path)).raw().toBuffer();
    expect(composite.equals(original)).toBe(true);
    expect(m.tiles.levels.map((l) => [l.columns, l.rows, l.tiles])).toEqual([
      [4715, 1080, 10],
      [2358, 540, 5],
      [1179, 270, 3],
      [590, 135, 2],
      [295, 68, 1],
    ]);
  });

  it('an animated GIF takes its times from the frame delays', async () => {
    const out = path.join(tmp, 'gif');
    await buildRace(buildRequest.parse({ source: gif, out, line: { kind: 'column', x: 240 } }), { actor: 'test' });
    const m = await loadManifest(out);
    expect([m.source.kind, m.columns, m.rows]).toEqual(['gif', 41, 270]);
    expect(m.timing).toEqual({ kind: 'gif-delays' });
    const t = await readTimes(out);
    expect(t.timesNs.slice(0, 3)).toEqual(['0', '80000000', '170000000']);
  });
});
