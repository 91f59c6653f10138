/** Video times come from the stream's presentation timestamps: a stream with missing frames shows a gap. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../app/api/methods/build.js';
import { buildRace } from '../../../../app/imaging/race-builder/build-race.js';
import { loadManifest, readTimes } from '../../../../app/store/evidence-reader.js';
import { cropFilter } from '../../../../app/imaging/sources/video.js';
import { framesPerPicture, picturePlan } from '../../../../app/imaging/sources/video-crop.js';
import sharp from 'sharp';
import { renderSourceFrame } from '../../../../app/imaging/source-frame.js';

let tmp: string;
let video: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-video-'));
  video = path.join(tmp, 'vfr.mp4');
  // 30 frames at 25 fps whose timestamps jump by 3 frames after frame 9 (as if the camera dropped three).
  execFileSync('ffmpeg', [
    '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=25', '-frames:v', '30',
    '-vf', "setpts='(N+if(gte(N,10),3,0))/(25*TB)'", '-fps_mode', 'passthrough', '-c:v', 'mpeg4', '-q:v', '2', video,
  ]);
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('video source', () => {
  it('keeps the presentation timestamps, measures 25 fps and lists the dropped frames as a gap', async () => {
    const out = path.join(tmp, 'race');
    await buildRace(buildRequest.parse({ source: video, out, line: { kind: 'column', x: 31 } }), { actor: 'test' });
    const m = await loadManifest(out);
    expect([m.columns, m.rows, m.source.frameCount]).toEqual([30, 48, 30]);
    expect(m.measured.medianIntervalNs).toBe('40000000');
    expect(m.gaps).toEqual([{ afterColumn: 9, fromNs: '360000000', toNs: '520000000', reason: 'interval' }]);
    const t = await readTimes(out);
    expect(t.timesNs.slice(8, 12)).toEqual(['320000000', '360000000', '520000000', '560000000']);
  });

  it('keeps a stream that starts at 10 s at 10 s, and the inspector finds its frames', async () => {
    const offset = path.join(tmp, 'offset.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=25', '-frames:v', '30', '-c:v', 'mpeg4', '-q:v', '2', '-output_ts_offset', '10', offset]);
    const out = path.join(tmp, 'race-offset');
    await buildRace(buildRequest.parse({ source: offset, out, line: { kind: 'column', x: 10 } }), { actor: 'test' });
    const m = await loadManifest(out);
    const t = await readTimes(out);
    expect(t.timesNs[0]).toBe('10000000000');
    expect(t.timesNs[29]).toBe('11160000000');
    const f = await renderSourceFrame(m, t, { column: 25 });
    expect([f.frameIndex, f.timeNs, f.width, f.height]).toEqual([25, '11000000000', 64, 48]);
  });

  it('--fps overrides the stream timestamps when the official says so', async () => {
    const out = path.join(tmp, 'race-fps');
    await buildRace(buildRequest.parse({ source: video, out, timing: { kind: 'fps', fps: '50' } }), { actor: 'test' });
    const m = await loadManifest(out);
    expect(m.timing).toMatchObject({ kind: 'fps', fps: '50', startNs: '0' });
    expect(m.gaps).toEqual([]);
    expect(m.measured.medianIntervalNs).toBe('20000000');
  });

  it('crops an even box with a margin before converting to RGB', () => {
    expect(cropFilter(768, 432, { left: 0, top: 216, width: 768, height: 1 })).toBe('crop=768:18:0:208,format=rgb24,crop=768:1:0:8');
    expect(cropFilter(64, 48, { left: 63, top: 0, width: 1, height: 48 })).toBe('crop=10:48:54:0,format=rgb24,crop=1:48:9:0');
  });

  it('cuts every frame out of the tiled pictures with the pixels of a whole-frame conversion (a full and a partial picture)', async () => {
    const clip = path.join(tmp, 'tiled.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=25', '-frames:v', '100', '-c:v', 'mpeg4', '-q:v', '4', '-pix_fmt', 'yuv420p', clip]);
    // Independent extraction: ffmpeg converts whole frames to RGB; the test takes the line's pixels itself.
    const whole = execFileSync('ffmpeg', ['-v', 'error', '-i', clip, '-vf', 'format=rgb24', '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 64 << 20 });
    const px = (frame: number, x: number, y: number) => whole.subarray(((frame * 64 + y) * 96 + x) * 3, ((frame * 64 + y) * 96 + x) * 3 + 3);
    const cases = [
      { name: 'column', line: { kind: 'column' as const, x: 40 }, region: { left: 40, top: 0, width: 1, height: 64 }, at: (k: number) => [40, k] as const },
      { name: 'row', line: { kind: 'segment' as const, x1: 0, y1: 30, x2: 95, y2: 30 }, region: { left: 0, top: 30, width: 96, height: 1 }, at: (k: number) => [k, 30] as const },
    ];
    for (const c of cases) {
      expect(framesPerPicture(picturePlan(96, 64, c.region))).toBe(64);
      const out = path.join(tmp, `race-tiled-${c.name}`);
      await buildRace(buildRequest.parse({ source: clip, out, line: c.line }), { actor: 'test' });
      const m = await loadManifest(out);
      const { data, info } = await sharp(path.join(out, m.composite.path)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([100, c.region.width * c.region.height, 3]);
      const expected = Buffer.alloc(data.length);
      for (let f = 0; f < 100; f++) for (let k = 0; k < info.height; k++) {
          const [x, y] = c.at(k);
          px(f, x, y).copy(expected, (k * 100 + f) * 3);
        }
      expect(data.equals(expected)).toBe(true);
    }
  });
});
