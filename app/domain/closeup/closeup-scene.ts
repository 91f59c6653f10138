/**
 * Everything an enlargement draws, as plain shapes in the face's units with the image's top-left corner at (0, 0):
 * the image rectangle, each hairline over it and on out to its label, the labels, and each margin with its
 * dimension line. The PDF, the posted photo and the workspace paint the same list, each with its own painter.
 */
import { closeupLabels, type CloseupLabels } from './closeup-plan.js';
import type { Side } from './label-lanes.js';

export interface SceneSubject {
  x: number;
  tag: string;
  /** Behind the previous subject; '' for the first. */
  margin: string;
  colour: string;
  typed: boolean;
}

export interface SceneMetrics {
  /** Height of one label row. */
  row: number;
  /** Space between the image and the first row, and between texts. */
  gap: number;
  /** Text width in the face's font (bold for tags). */
  measure(text: string, bold: boolean): number;
  /** Room either side of the image the labels may use. */
  slack: number;
  /** Thickness of a hairline over the image. */
  hairline: number;
}

export interface SceneLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  colour: string;
  width: number;
  dashed: boolean;
}

export interface SceneText {
  /** Left and top of the text's row box (the face centres the glyphs vertically in `row`). */
  x: number;
  y: number;
  text: string;
  colour: string;
  bold: boolean;
}

export interface CloseupScene {
  image: { width: number; height: number };
  lines: SceneLine[];
  texts: SceneText[];
  /** Extent of everything drawn, relative to the image's top-left corner. */
  bounds: { left: number; top: number; right: number; bottom: number };
  labels: CloseupLabels;
}

export const MARGIN_INK = '#111111';

export function closeupScene(subjects: readonly SceneSubject[], image: { width: number; height: number }, m: SceneMetrics): CloseupScene {
  const widths = {
    tags: subjects.map((s) => m.measure(s.tag, true)),
    margins: subjects.slice(1).map((s) => (s.margin ? m.measure(s.margin, false) : 0)),
  };
  const labels = closeupLabels(
    subjects.map((s) => s.x),
    widths,
    image.width,
    m.gap,
    m.slack,
  );
  const rowTop = (side: Side, row: number) => (side === 'above' ? -m.gap - (row + 1) * m.row : image.height + m.gap + row * m.row);
  const edge = (side: Side) => (side === 'above' ? 0 : image.height);
  // A line out to a row reaches along the text beside it, to the row's far edge.
  const reach = (side: Side, row: number) => (side === 'above' ? rowTop(side, row) + 1 : rowTop(side, row) + m.row - 1);
  const lines: SceneLine[] = [];
  const texts: SceneText[] = [];

  subjects.forEach((s, i) => {
    lines.push({ x1: s.x, y1: 0, x2: s.x, y2: image.height, colour: s.colour, width: m.hairline, dashed: s.typed });
    const p = labels.tags[i];
    if (!p) return;
    // A tag centred over its own line (no room beside it) has the line stop under it rather than cross it.
    const over = p.left < s.x && s.x < p.left + (widths.tags[i] ?? 0);
    const end = over ? rowTop(p.side, p.row) + (p.side === 'above' ? m.row : 0) : reach(p.side, p.row);
    lines.push({ x1: s.x, y1: edge(p.side), x2: s.x, y2: end, colour: s.colour, width: m.hairline / 2, dashed: false });
    texts.push({ x: p.left, y: rowTop(p.side, p.row), text: s.tag, colour: s.colour, bold: true });
  });
  labels.margins.forEach((p, i) => {
    const a = subjects[i] as SceneSubject;
    const b = subjects[i + 1] as SceneSubject;
    if (!p) return;
    const mid = rowTop(p.side, p.row) + m.row / 2;
    for (const x of [a.x, b.x]) lines.push({ x1: x, y1: edge(p.side), x2: x, y2: reach(p.side, p.row), colour: MARGIN_INK, width: m.hairline / 2, dashed: false });
    // The dimension line from one hairline to the other, broken where the text stands between them.
    const lo = Math.min(a.x, b.x);
    const hi = Math.max(a.x, b.x);
    const textLo = p.left - m.gap / 2;
    const textHi = p.left + m.measure(b.margin, false) + m.gap / 2;
    const pieces = textLo > hi || textHi < lo ? [[lo, hi]] : [[lo, textLo], [textHi, hi]];
    for (const [x1, x2] of pieces) if ((x2 as number) > (x1 as number)) lines.push({ x1: x1 as number, y1: mid, x2: x2 as number, y2: mid, colour: MARGIN_INK, width: m.hairline / 2, dashed: false });
    texts.push({ x: p.left, y: rowTop(p.side, p.row), text: b.margin, colour: MARGIN_INK, bold: false });
  });

  const xs = [0, image.width, ...texts.flatMap((t) => [t.x, t.x + m.measure(t.text, t.bold)])];
  const bounds = {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: -(labels.rows.above > 0 ? m.gap + labels.rows.above * m.row : 0),
    bottom: image.height + (labels.rows.below > 0 ? m.gap + labels.rows.below * m.row : 0),
  };
  return { image, lines, texts, bounds, labels };
}
