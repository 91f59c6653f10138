/**
 * The overlay painters against a recording canvas: where hairlines stand, how a suggested edge differs from a
 * placed mark, how dropped frames are shaded, and in which order the overlays are stacked.
 */
import { describe, expect, it } from 'vitest';
import { renderInteractiveScene } from '../../../../../renderer/src/viewer/paint/interactive-scene.js';
import { pointerReadout } from '../../../../../renderer/src/viewer/pointer-readout.js';
import type { ViewerMark, ViewerSuggestion } from '../../../../../renderer/src/viewer/scene.js';
import { RecordingCanvas, type Rect } from '../../fakes/recording-canvas.js';
import { interactiveScene, viewerData, viewport } from '../scene-fixture.js';

const mark = (column: number, extra: Partial<ViewerMark> = {}): ViewerMark => ({ competitorId: '7', label: '#7', colour: '#ff3df2', column, selected: false, ...extra });
const suggestion = (column: number, extra: Partial<ViewerSuggestion> = {}): ViewerSuggestion => ({
  index: 0,
  column,
  label: 'S1 10.0105 s ±14 µs',
  rows: [20, 39],
  acceptedFor: null,
  ...extra,
});

function paint(scene = interactiveScene()): RecordingCanvas {
  const canvas = new RecordingCanvas();
  renderInteractiveScene(canvas.ctx, scene);
  return canvas;
}

describe('placed marks', () => {
  it('tags never overlap: close marks stack on rows of their own, a far one keeps the top row', () => {
    // At 16 px/column, columns 10 and 10.2 are 3 px apart (their tags would overlap); column 30 is 320 px away.
    const marks = [mark(10, { competitorId: '5', label: '#5 (S1)' }), mark(10.2, { competitorId: '17', label: '#17 (S2)' }), mark(30, { competitorId: '48', label: '#48' })];
    const canvas = paint(interactiveScene({ data: viewerData({ marks }) }));
    const tags = canvas.drawn.filter((d): d is Rect => d.kind === 'fillRect' && d.h === 18);
    expect(tags).toHaveLength(3);
    const [a, b, c] = tags as [Rect, Rect, Rect];
    expect(a.y).not.toBe(b.y);
    expect(c.y).toBe(Math.min(a.y, b.y));
    for (const [p, q] of [[a, b], [a, c], [b, c]] as const) {
      const apart = p.y !== q.y || p.x + p.w <= q.x || q.x + q.w <= p.x;
      expect(apart).toBe(true);
    }
  });

  it('stand on the screen pixel of the column’s centre (image x = column + 0.5), in the competitor’s colour over a dark halo', () => {
    // Column 10's centre is image x 10.5 → screen x 168 at 16 px/column: stroked on the pixel centre 168.5.
    const canvas = paint(interactiveScene({ data: viewerData({ marks: [mark(10)] }) }));
    const [halo, line] = canvas.verticalLinesAt(168.5);
    expect(line?.pen).toMatchObject({ strokeStyle: '#ff3df2', lineWidth: 1.5, lineDash: [] });
    expect(halo?.pen.lineWidth).toBeGreaterThan(line!.pen.lineWidth);
    expect(halo?.pen.strokeStyle).toMatch(/^rgba\(0,\s*0,\s*0/);
    // Its tag carries the label in ink that reads on the colour.
    expect(canvas.texts().find((t) => t.text === '#7')?.pen.fillStyle).toBe('#ffffff');
  });

  it('mirror when time runs right to left, and follow fractional columns', () => {
    // rtl: image x of column 10.25 is 1000 − 10.75 = 989.25; with left 980 that is screen x 148 → 148.5.
    const scene = interactiveScene({ viewport: viewport({ direction: 'rtl', left: 980 }), data: viewerData({ direction: 'rtl', marks: [mark(10.25)] }) });
    expect(paint(scene).verticalLinesAt(148.5)).toHaveLength(2);
  });

  it('draw the selected mark last, thicker, with an outlined tag', () => {
    const marks = [mark(10, { competitorId: '3', label: '#3', selected: true }), mark(12, { label: '#7' })];
    const canvas = paint(interactiveScene({ data: viewerData({ marks }) }));
    const selected = canvas.verticalLinesAt(168.5);
    const other = canvas.verticalLinesAt(200.5);
    expect(canvas.drawn.indexOf(selected[0]!)).toBeGreaterThan(canvas.drawn.indexOf(other[1]!));
    expect(selected[1]!.pen.lineWidth).toBeGreaterThan(other[1]!.pen.lineWidth);
    expect(canvas.rects('strokeRect')).toHaveLength(1);
  });

  it('are left out when far off screen', () => {
    expect(paint(interactiveScene({ data: viewerData({ marks: [mark(900)] }) })).strokes().filter((s) => s.pen.strokeStyle === '#ff3df2')).toEqual([]);
  });
});

describe('suggested edges (ghosts)', () => {
  it('are dashed and faint over the whole height, solid only over the detected object’s rows', () => {
    const canvas = paint(interactiveScene({ data: viewerData({ suggestions: [suggestion(10)] }) }));
    const [dashed] = canvas.verticalLinesAt(168.5);
    expect(dashed?.pen.lineDash).toEqual([6, 6]);
    expect(dashed?.pen.strokeStyle).toBe('rgba(120, 220, 255, 0.57)');
    expect(dashed?.path).toEqual([[[168.5, 0], [168.5, 400]]]);
    // Rows 20–39 of 100 over a 400 px picture: y 80 to 160, caps pointing to earlier times (left when ltr).
    const bracket = canvas.strokes().filter((s) => s.pen.lineDash.length === 0 && s.path[0]?.length === 4);
    expect(bracket.map((b) => b.path[0])).toEqual([
      [[162.5, 80], [168.5, 80], [168.5, 160], [162.5, 160]],
      [[162.5, 80], [168.5, 80], [168.5, 160], [162.5, 160]],
    ]);
    expect(bracket[1]?.pen.strokeStyle).toBe('rgba(120, 220, 255, 0.95)');
  });

  it('carry an outlined tag (dashed border, never a filled ghost-coloured box) beside the object', () => {
    const canvas = paint(interactiveScene({ data: viewerData({ suggestions: [suggestion(10)] }) }));
    const tag = canvas.texts().find((t) => t.text.startsWith('S1'));
    expect(tag?.pen.fillStyle).toBe('rgba(120, 220, 255, 0.95)');
    const outline = canvas.rects('strokeRect').find((r) => r.pen.strokeStyle === 'rgba(120, 220, 255, 0.95)');
    expect(outline?.pen.lineDash).toEqual([3, 2]);
    expect(canvas.rects().some((r) => r.pen.fillStyle.startsWith('rgba(120, 220, 255'))).toBe(false);
    // Beside the object on the side before the crossing: the tag ends left of the hairline (ltr).
    expect(outline!.x + outline!.w).toBeLessThan(168.5);
  });

  it('are fainter once accepted, and their caps point right when time runs right to left', () => {
    const scene = interactiveScene({
      viewport: viewport({ direction: 'rtl', left: 980 }),
      data: viewerData({ direction: 'rtl', suggestions: [suggestion(10.25, { acceptedFor: '5', label: 'S1 → #5' })] }),
    });
    const canvas = paint(scene);
    const [dashed] = canvas.verticalLinesAt(148.5);
    expect(dashed?.pen.strokeStyle).toBe('rgba(120, 220, 255, 0.27)');
    const bracket = canvas.strokes().find((s) => s.path[0]?.length === 4);
    expect(bracket?.path[0]?.[0]).toEqual([154.5, 80]);
  });
});

describe('dropped frames', () => {
  const gap = { afterColumn: 10, fromNs: '10010000000', toNs: '10012000000' };

  it('shade a band between the two columns over the whole picture, with ticks at its top and bottom', () => {
    const canvas = paint(interactiveScene({ data: viewerData({ gaps: [gap] }) }));
    // Between the centres of columns 10 and 11 (screen 168 and 184): centred on 176, 80% of a column wide.
    const [shade, top, bottom] = canvas.rects().filter((r) => r.pen.fillStyle.startsWith('rgba(255, 140, 0'));
    expect(shade).toMatchObject({ x: 176 - 6.4, y: 0, w: 12.8, h: 400, pen: { fillStyle: 'rgba(255, 140, 0, 0.28)' } });
    expect(top).toMatchObject({ y: 0, h: 5 });
    expect(bottom).toMatchObject({ y: 395, h: 5 });
    expect(canvas.texts().map((t) => t.text)).toContain('gap 0.0020 s');
  });

  it('before column 0 shade the picture’s leading edge, not the boundary between columns 0 and 1', () => {
    const leading = { afterColumn: -1, fromNs: '9999000000', toNs: '10000000000' };
    const shadeOf = (scene: ReturnType<typeof interactiveScene>) => paint(scene).rects().find((r) => r.pen.fillStyle === 'rgba(255, 140, 0, 0.28)');
    // Scrolled 2 columns past the start: image x 0 (column 0's leading edge) at screen 32; columns 0|1 meet at 48.
    const ltr = shadeOf(interactiveScene({ viewport: viewport({ left: -2 }), data: viewerData({ gaps: [leading] }) }));
    expect(ltr).toMatchObject({ x: 32 - 6.4, w: 12.8 });
    // Time running right to left: column 0 is the right end (image x 1000), at screen 800 with left 950.
    const rtl = shadeOf(interactiveScene({ viewport: viewport({ direction: 'rtl', left: 950 }), data: viewerData({ direction: 'rtl', gaps: [leading] }) }));
    expect(rtl).toMatchObject({ x: 800 - 6.4, w: 12.8 });
  });

  it('close together share one label, and each keeps its band', () => {
    // Columns 16 px apart: labels of gaps two columns apart would overlap.
    const gaps = [10, 12, 14].map((c) => ({ afterColumn: c, fromNs: `${10_000_000_000 + c * 1_000_000}`, toNs: `${10_000_000_000 + c * 1_000_000 + 2_000_000}` }));
    const canvas = paint(interactiveScene({ data: viewerData({ gaps }) }));
    expect(canvas.rects().filter((r) => r.pen.fillStyle === 'rgba(255, 140, 0, 0.28)')).toHaveLength(3);
    const labels = canvas.texts().filter((t) => /gap/.test(t.text));
    expect(labels.map((t) => t.text)).toEqual(['3 gaps, 0.0060 s in all, over 0.0060 s']);
  });

  it('stay visible at whole-race zoom (at least 4 px wide) without a label', () => {
    const canvas = paint(interactiveScene({ viewport: viewport({ scale: 0.8, left: 0 }), data: viewerData({ gaps: [gap] }) }));
    expect(canvas.rects().find((r) => r.pen.fillStyle === 'rgba(255, 140, 0, 0.28)')?.w).toBe(4);
    expect(canvas.texts().some((t) => t.text.startsWith('gap'))).toBe(false);
  });
});

describe('the pointer hairline and the overlay as a whole', () => {
  it('draws a white hairline over a dark halo at the pointer, with the time it reads', () => {
    const scene = interactiveScene();
    // The pointer at screen x 170 is column 10.125, read to a tenth of a column: 10.1, whose screen x 169.6 is stroked at 170.5.
    const pointer = pointerReadout(scene.viewport, scene.data!, 170);
    expect(pointer).toMatchObject({ x: 170.5, milliColumn: 10_100, timeNs: 10_010_100_000n, time: '10.0101 s' });
    const canvas = paint({ ...scene, pointer });
    const [halo, line] = canvas.verticalLinesAt(170.5);
    expect(line?.pen).toMatchObject({ strokeStyle: '#ffffff', lineWidth: 1 });
    expect(halo?.pen.lineWidth).toBe(3);
    expect(canvas.texts().at(-1)?.text).toBe('10.0101 s');
  });

  it('stacks gaps, ghosts, marks, ghost tags, the ruler and the pointer in that order', () => {
    const scene = interactiveScene({
      data: viewerData({ gaps: [{ afterColumn: 20, fromNs: '0', toNs: '2000000' }], marks: [mark(12)], suggestions: [suggestion(10)] }),
    });
    const canvas = paint({ ...scene, pointer: pointerReadout(scene.viewport, scene.data!, 300) });
    const first = (test: (d: RecordingCanvas['drawn'][number]) => boolean) => canvas.drawn.findIndex(test);
    const order = [
      first((d) => d.kind === 'fillRect' && d.pen.fillStyle === 'rgba(255, 140, 0, 0.28)'),
      first((d) => d.kind === 'stroke' && d.pen.lineDash.join() === '6,6'),
      first((d) => d.kind === 'stroke' && d.pen.strokeStyle === '#ff3df2'),
      first((d) => d.kind === 'text' && d.text.startsWith('S1')),
      first((d) => d.kind === 'fillRect' && d.pen.fillStyle === '#1c1f24'),
      first((d) => d.kind === 'stroke' && d.pen.strokeStyle === '#ffffff' && d.pen.lineWidth === 1),
    ];
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('puts a labelled time ruler under the picture', () => {
    const canvas = paint();
    expect(canvas.rects().find((r) => r.pen.fillStyle === '#1c1f24')).toMatchObject({ x: 0, y: 400, w: 800, h: 30 });
    // 50 columns (50 ms) over 800 px, a label every 110 px or more: every 10 ms, with the digits that step needs.
    expect(canvas.texts().map((t) => t.text)).toEqual(['10.00 s', '10.01 s', '10.02 s', '10.03 s', '10.04 s']);
  });

  it('draws the F-key trigger marks as labelled ticks on the ruler, over its own ticks, never across the picture', () => {
    const canvas = paint(interactiveScene({ data: viewerData({ triggers: [{ label: 'F1', column: 10 }, { label: 'F2', column: 49.3 }, { label: 'F3', column: 900 }] }) }));
    const ticks = canvas.rects().filter((r) => r.pen.fillStyle === '#ffd60a' && r.w === 2);
    // Column 10's centre at screen x 168 → stroked at 168.5: a 2 px tick from 167.5 through the ruler (y 400–430).
    expect(ticks.map((r) => [r.x, r.y, r.h])).toEqual([
      [167.5, 400, 30],
      [796.5, 400, 30],
    ]);
    const labels = canvas.texts().filter((t) => /^F\d$/.test(t.text));
    expect(labels.map((t) => [t.text, t.pen.fillStyle])).toEqual([
      ['F1', '#000000'],
      ['F2', '#000000'],
    ]);
    // F2's tag is flipped to the left of its tick, so it stays whole at the viewer's right edge.
    expect(labels[1]!.x).toBeLessThan(796);
    const rulerAt = canvas.drawn.findIndex((d) => d.kind === 'fillRect' && d.pen.fillStyle === '#1c1f24');
    expect(canvas.drawn.indexOf(ticks[0]!)).toBeGreaterThan(rulerAt);
  });

  it('clears the overlay (at the device pixel ratio) and draws nothing else while no race is loaded', () => {
    const canvas = paint(interactiveScene({ data: null, dpr: 2 }));
    expect(canvas.transform).toEqual([2, 0, 0, 2, 0, 0]);
    expect(canvas.drawn).toEqual([expect.objectContaining({ kind: 'clearRect', x: 0, y: 0, w: 800, h: 430 })]);
  });
});
