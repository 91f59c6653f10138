/**
 * The stages of a video decode on their own, with FFmpeg's log and pipe as they arrive in pieces: a showinfo line
 * split across two stderr chunks still times its frame, a frame waits for its line, a picture spanning chunks is
 * assembled whole and a partial one at the end is dropped.
 */
import { describe, expect, it } from 'vitest';
import { DecodeLog } from '../../../../app/imaging/sources/video-decode-log.js';
import { pictures, regionsOf } from '../../../../app/imaging/sources/video-pictures.js';
import { FrameMatch } from '../../../../app/imaging/sources/video-frame-match.js';
import type { RegionResult } from '../../../../app/imaging/sources/source.js';

const frameLine = (n: number, pts: number, key: boolean) => `[Parsed_showinfo_1 @ 0x1] n:${String(n).padStart(4)} pts:${pts} pts_time:${pts / 12800} duration:512 pos:1 fmt:rgb24 iskey:${key ? 1 : 0} type:I\n`;
const timeBase = '[Parsed_showinfo_1 @ 0x1] config in time_base: 1/12800, frame_rate: 25/1\n';

async function* chunksOf(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield p;
}

async function all<T>(gen: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

describe('video decode stages', () => {
  it('times a frame whose showinfo line came in two chunks, and keeps other lines for the error', async () => {
    const log = new DecodeLog();
    const line = frameLine(0, 512, true);
    log.onText(timeBase + line.slice(0, 30));
    let seen = false;
    const waiting = log.seen(0).then(() => (seen = true));
    await Promise.resolve();
    expect({ seen, framesSeen: log.framesSeen }).toEqual({ seen: false, framesSeen: 0 });
    log.onText(line.slice(30) + 'Error while decoding stream #0:0: Invalid data found\n');
    await waiting;
    expect({ seen, framesSeen: log.framesSeen, time: log.timeOf(0), tail: log.tail }).toEqual({ seen: true, framesSeen: 1, time: 40_000_000n, tail: 'Error while decoding stream #0:0: Invalid data found\n' });
  });

  it('lets a frame waiting for its line go once the process has ended', async () => {
    const log = new DecodeLog();
    const waiting = log.seen(3);
    log.close();
    await expect(waiting).resolves.toBeUndefined();
    expect(log.timeOf(3)).toBeUndefined();
  });

  it('assembles pictures across the pipe\'s chunks and drops a partial one at the end', async () => {
    const bytes = Buffer.from(Array.from({ length: 20 }, (_, i) => i));
    const got = await all(pictures(chunksOf(bytes.subarray(0, 3), bytes.subarray(3, 11), bytes.subarray(11, 20)), 6));
    expect(got.map((p) => [...p])).toEqual([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17]]);
    expect(regionsOf(got[1] as Buffer, 2, 3).map((s) => [...s])).toEqual([[6, 7, 8], [9, 10, 11]]);
  });

  it('with skipBad, hands a probed frame the decoder passed over on as a bad frame before the next one', async () => {
    const log = new DecodeLog();
    log.onText(timeBase + frameLine(0, 0, true) + frameLine(1, 1024, false));
    // Packets at 0, 512 and 1024 (0, 40 and 80 ms); the decoder delivered the first and the last.
    const match = new FrameMatch('clip.mp4', { pts: [0n, 512n, 1024n], timeBase: { num: 1n, den: 12800n }, declaredEnd: null, declaredFrames: null }, log, true);
    const pixel = (v: number) => new Uint8Array([v, v, v]);
    const out: RegionResult[] = [...(await all(match.emit(pixel(1)))), ...(await all(match.emit(pixel(2)))), ...match.missingBefore(null)];
    expect(out.map((r) => ('bad' in r ? r.bad : r.index))).toEqual([0, 'clip.mp4: the frame at 0.04 s could not be decoded', 2]);
    expect({ times: match.times, missing: match.missing, out: match.out }).toEqual({ times: [0n, 40_000_000n, 80_000_000n], missing: [40_000_000n], out: 2 });
  });
});
