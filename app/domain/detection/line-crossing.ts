/**
 * The finish line as the detector needs it: along which image axis objects cross it (the one most nearly
 * perpendicular to it), where the line lies along that axis on each pixel row (or column) across it, and which
 * image row (or column) each composite row samples. Pixel-centre coordinates, as the composite builder samples.
 */
import type { FinishLine } from '../race/evidence.js';

export type MotionAxis = 'x' | 'y';

export interface LineGeometry {
  /** Objects cross the line moving along this image axis. */
  motionAxis: MotionAxis;
  /** Where the line lies along the motion axis at across-coordinate `a` (an image row when motion is along x). */
  lineAt(a: number): number;
  /** The across-coordinate that composite row `r` samples. */
  acrossOfRow(r: number): number;
  /** The composite row that samples across-coordinate `a` (fractional). */
  rowOfAcross(a: number): number;
}

export function lineGeometry(line: FinishLine): LineGeometry {
  if (line.kind === 'column') return { motionAxis: 'x', lineAt: () => line.x, acrossOfRow: (r) => r, rowOfAcross: (a) => a };
  const dx = line.x2 - line.x1;
  const dy = line.y2 - line.y1;
  const length = Math.hypot(dx, dy) || 1;
  if (Math.abs(dx) <= Math.abs(dy)) {
    return {
      motionAxis: 'x',
      lineAt: (a) => line.x1 + ((a - line.y1) * dx) / dy,
      acrossOfRow: (r) => line.y1 + (dy * r) / length,
      rowOfAcross: (a) => ((a - line.y1) * length) / dy,
    };
  }
  return {
    motionAxis: 'y',
    lineAt: (a) => line.y1 + ((a - line.x1) * dy) / dx,
    acrossOfRow: (r) => line.x1 + (dx * r) / length,
    rowOfAcross: (a) => ((a - line.x1) * length) / dx,
  };
}

/** Direction names as the API reports them: sign +1 moves towards larger x (or y). */
export function directionName(axis: MotionAxis, sign: 1 | -1): 'left-to-right' | 'right-to-left' | 'up' | 'down' {
  if (axis === 'x') return sign > 0 ? 'left-to-right' : 'right-to-left';
  return sign > 0 ? 'down' : 'up';
}

/** The strip of a width × height frame within `margin` px of the line along the motion axis. */
export function bandAround(g: LineGeometry, width: number, height: number, margin: number): { x0: number; x1: number; y0: number; y1: number } {
  const acrossMax = g.motionAxis === 'x' ? height - 1 : width - 1;
  const a = g.lineAt(0);
  const b = g.lineAt(acrossMax);
  const lo = Math.floor(Math.min(a, b) - margin);
  const hi = Math.ceil(Math.max(a, b) + margin) + 1;
  return g.motionAxis === 'x' ? { x0: lo, x1: hi, y0: 0, y1: height } : { x0: 0, x1: width, y0: lo, y1: hi };
}
