import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitLineToFrame, parseLineSpec, planSamples } from '../../../../app/domain/line/finish-line.js';
import { naturalSort } from '../../../../app/imaging/natural-order.js';
import { readImageHeader } from '../../../../app/imaging/sources/image-header.js';
import { formatFromMetadata } from '../../../../app/imaging/pixels.js';
import { encodeFrame } from '../../../fixtures/synthetic-frames.js';

describe('frame headers read without sharp agree with sharp', () => {
  it.each([
    ['png', 8, 3],
    ['png', 8, 1],
    ['png', 16, 1],
    ['png', 16, 3],
    ['jpeg', 8, 3],
    ['jpeg', 8, 1],
  ] as const)('%s %i-bit, %i channel(s)', async (format, depth, channels) => {
    const buf = await encodeFrame({ width: 23, height: 17, frames: 1, format, depth, channels }, 0);
    const header = readImageHeader(buf);
    const meta = await sharp(buf).metadata();
    expect(header).toEqual({ width: 23, height: 17, format: formatFromMetadata(meta) });
    expect(header?.format).toEqual({ depth, channels });
  });

  it('leaves other formats to sharp', async () => {
    expect(readImageHeader(await encodeFrame({ width: 4, height: 4, frames: 1, format: 'webp' }, 0))).toBeNull();
    expect(readImageHeader(Buffer.from('not an image'))).toBeNull();
  });
});

describe('natural order', () => {
  it('sorts numbers by value', () => {
    expect(naturalSort(['frame_10.png', 'frame_2.png', 'frame_1.png', 'Frame_3.png', 'frame_02.png'])).toEqual([
      'frame_1.png',
      'frame_2.png',
      'frame_02.png',
      'Frame_3.png',
      'frame_10.png',
    ]);
  });
});

describe('finish line', () => {
  it('parses a column and a segment', () => {
    expect(parseLineSpec('640')).toEqual({ kind: 'column', x: 640 });
    expect(parseLineSpec('0, 216, 767, 216')).toEqual({ kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 });
    expect(() => parseLineSpec('1.5')).toThrow(/whole pixel/);
    expect(() => parseLineSpec('1,2,3')).toThrow(/not X or X1,Y1,X2,Y2/);
  });

  it('plans unit steps: a 767-pixel horizontal line gives 768 rows copied from whole pixels', () => {
    const plan = planSamples({ kind: 'segment', x1: 0, y1: 216, x2: 767, y2: 216 }, 768, 432);
    expect(plan.kind).toBe('bilinear');
    if (plan.kind !== 'bilinear') return;
    expect(plan.rows).toBe(768);
    expect(plan.region).toEqual({ left: 0, top: 216, width: 768, height: 1 });
    expect(Array.from(plan.x.subarray(0, 3))).toEqual([0, 1, 2]);
    expect(plan.x[767]).toBe(767);
  });

  it('refuses a line outside the frame, naming the frame and its size', () => {
    expect(() => fitLineToFrame({ kind: 'segment', x1: -5, y1: 0, x2: -1, y2: 5 }, 10, 10, 'f.png')).toThrow(/is outside the frame of f\.png \(10×10 px/);
    expect(() => fitLineToFrame({ kind: 'column', x: 10 }, 10, 10, 'f.png')).toThrow(/is outside the frame of f\.png \(10×10 px/);
    expect(fitLineToFrame({ kind: 'column', x: 9 }, 10, 10, 'f.png')).toEqual({ line: { kind: 'column', x: 9 }, clipped: false });
  });
});
