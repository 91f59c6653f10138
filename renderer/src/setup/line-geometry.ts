/**
 * The finish line as the set-up view edits it: a segment between two endpoints in source pixels (pixel centres at
 * integers, as the engine samples them), and its conversion to the evidence's FinishLine.
 */
import type { FinishLine } from '../../../app/domain/race/evidence.js';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Where a dragged endpoint lands: whole pixels; with `snap` (Shift) the line turns exactly vertical or horizontal. */
export function snapEndpoint(moving: { x: number; y: number }, fixed: { x: number; y: number }, snap: boolean): { x: number; y: number } {
  const p = { x: Math.round(moving.x), y: Math.round(moving.y) };
  if (!snap) return p;
  return Math.abs(p.x - fixed.x) <= Math.abs(p.y - fixed.y) ? { x: fixed.x, y: p.y } : { x: p.x, y: fixed.y };
}

/** The editable form of a line (a column becomes its full-height vertical segment). */
export function toSegment(line: FinishLine, height: number): Segment {
  return line.kind === 'column' ? { x1: line.x, y1: 0, x2: line.x, y2: height - 1 } : { x1: line.x1, y1: line.y1, x2: line.x2, y2: line.y2 };
}

/** A full-height vertical line at a whole pixel is one exact column (no interpolation); anything else a segment. */
export function toFinishLine(seg: Segment, height: number): FinishLine {
  const fullHeight = Math.min(seg.y1, seg.y2) === 0 && Math.max(seg.y1, seg.y2) === height - 1;
  if (seg.x1 === seg.x2 && Number.isInteger(seg.x1) && fullHeight) return { kind: 'column', x: seg.x1 };
  return { kind: 'segment', ...seg };
}

