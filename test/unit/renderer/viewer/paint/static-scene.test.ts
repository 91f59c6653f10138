/** The tile layer against a recording canvas: background, tiles clipped to the screen, mirroring, the race's ends. */
import { describe, expect, it } from 'vitest';
import { tileRef, type TileLevelInfo } from '../../../../../app/domain/viewport/tiles.js';
import { renderStaticScene } from '../../../../../renderer/src/viewer/paint/static-scene.js';
import type { StaticScene } from '../../../../../renderer/src/viewer/scene.js';
import { RecordingCanvas } from '../../fakes/recording-canvas.js';
import { viewport } from '../scene-fixture.js';

const LEVEL0: TileLevelInfo = { level: 0, downsample: 1, columns: 1000, rows: 100, tiles: 4 };
const bitmap = (width: number) => ({ width, height: 100 }) as ImageBitmap;
const placed = (index: number) => ({ tile: tileRef(LEVEL0, 256, index, 1000), bitmap: bitmap(index === 3 ? 232 : 256) });

function paint(scene: Partial<StaticScene>): RecordingCanvas {
  const canvas = new RecordingCanvas();
  renderStaticScene(canvas.ctx, { viewport: viewport(), width: 800, imageHeight: 400, dpr: 1, columns: 1000, tiles: [], ...scene });
  return canvas;
}

describe('the tile layer', () => {
  it('draws only the part of a tile on screen, in source pixels, stretched to the picture height', () => {
    // 16 px/column from column 0: tile 0 (columns 0–255) spans screen 0–4096; only its first 50 columns show.
    const canvas = paint({ tiles: [placed(0)] });
    expect(canvas.rects()[0]).toMatchObject({ x: 0, y: 0, w: 800, h: 400, pen: { fillStyle: '#111' } });
    expect(canvas.images()).toEqual([expect.objectContaining({ src: [0, 0, 50, 100], dst: [0, 0, 800, 400], smoothing: false, pen: expect.objectContaining({ mirrored: false }) })]);
  });

  it('mirrors tiles when time runs right to left', () => {
    // rtl, the race's end at the left edge: tile 3 (columns 768–999) holds what is on screen.
    const canvas = paint({ viewport: viewport({ direction: 'rtl' }), tiles: [placed(3)] });
    const [image] = canvas.images();
    expect(image?.pen.mirrored).toBe(true);
    expect(image?.src).toEqual([232 - 50, 0, 50, 100]);
  });

  it('shades the screen outside the race, and smooths only when the picture is shrunk', () => {
    // Whole race in 800 px (0.8 px/column), centred: the race's ends are at screen 0 and 800, nothing outside.
    const fitted = paint({ viewport: viewport({ scale: 0.8, left: 0 }), tiles: [placed(0)] });
    expect(fitted.images()[0]?.smoothing).toBe(true);
    expect(fitted.rects().filter((r) => r.pen.fillStyle === '#2a2d33')).toEqual([]);
    // Scrolled 10 columns before the race's start: 160 px of neutral band on the left.
    const before = paint({ viewport: viewport({ left: -10 }), tiles: [placed(0)] });
    expect(before.rects().find((r) => r.pen.fillStyle === '#2a2d33')).toMatchObject({ x: 0, w: 160, h: 400 });
  });

  it('paints only the background while no race is loaded', () => {
    const canvas = paint({ columns: null });
    expect(canvas.drawn).toEqual([expect.objectContaining({ kind: 'fillRect', w: 800, h: 400 })]);
  });
});
