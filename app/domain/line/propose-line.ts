/**
 * A finish line proposed from the footage: across the dominant motion (perpendicular to it), where most of the
 * crossing happens. From pairs of consecutive frames (grey, downscaled): wherever a pixel changes between them on an
 * edge, the edge's normal is the direction the motion shows there (the edges along the motion do not change: only
 * fronts and backs do). Normals are averaged as orientations (angle doubled, so traffic both ways agrees), each
 * weighted by how much the pixel changed; the line runs perpendicular to the mean, through the weighted median of
 * the changes along the motion. A proposal only: the official sees it marked "proposed" and moves it as needed.
 */
import type { FinishLine } from '../race/evidence.js';

export interface GreyFrame {
  width: number;
  height: number;
  /** Row-major 8-bit grey. */
  data: Uint8Array;
}

export interface LineProposal {
  line: Extract<FinishLine, { kind: 'segment' }>;
  /** Direction of the motion's axis, degrees from the x axis (0: across, 90: up and down the frame), in [0, 180). */
  motionDeg: number;
  /** How strongly the changes agree on one axis, 0..1. */
  agreement: number;
}

/** Grey levels a pixel must change by between frames to count as motion (compression noise stays under it). */
const CHANGE = 14;
const MIN_GRADIENT = 6;

/**
 * `pairs` of consecutive frames (same size); `scale`: full-frame pixels per pixel of these frames. Null when the
 * frames show no motion to go by.
 */
export function proposeLine(pairs: readonly [GreyFrame, GreyFrame][], fullWidth: number, fullHeight: number): LineProposal | null {
  let c2 = 0;
  let s2 = 0;
  let total = 0;
  const points: { x: number; y: number; w: number }[] = [];
  for (const [a, b] of pairs) {
    const { width: w, height: h } = a;
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        const dt = (b.data[i] as number) - (a.data[i] as number);
        if (Math.abs(dt) < CHANGE) continue;
        const gx = ((a.data[i + 1] as number) + (b.data[i + 1] as number) - (a.data[i - 1] as number) - (b.data[i - 1] as number)) / 4;
        const gy = ((a.data[i + w] as number) + (b.data[i + w] as number) - (a.data[i - w] as number) - (b.data[i - w] as number)) / 4;
        const g2 = gx * gx + gy * gy;
        if (g2 < MIN_GRADIENT * MIN_GRADIENT) continue;
        const weight = Math.abs(dt);
        // cos 2θ and sin 2θ of the gradient's angle θ, without trigonometry.
        c2 += (weight * (gx * gx - gy * gy)) / g2;
        s2 += (weight * 2 * gx * gy) / g2;
        total += weight;
        points.push({ x: ((x + 0.5) / w) * fullWidth, y: ((y + 0.5) / h) * fullHeight, w: weight });
      }
    }
  }
  if (total === 0 || points.length < 20) return null;
  const phi = Math.atan2(s2, c2) / 2;
  const [mx, my] = [Math.cos(phi), Math.sin(phi)];
  // Where along the motion most of the changes are: the weighted median of their projections.
  const along = points.map((p) => ({ t: p.x * mx + p.y * my, w: p.w })).sort((p, q) => p.t - q.t);
  let acc = 0;
  let t = along[along.length - 1]?.t ?? 0;
  for (const p of along) {
    acc += p.w;
    if (acc >= total / 2) {
      t = p.t;
      break;
    }
  }
  const line = lineAcross(mx, my, t, fullWidth, fullHeight);
  if (!line) return null;
  const deg = ((phi * 180) / Math.PI + 180) % 180;
  return { line, motionDeg: Math.round(deg * 10) / 10, agreement: Math.round((Math.hypot(c2, s2) / total) * 1000) / 1000 };
}

/** The segment of { p : p·m = t } inside the frame (pixel centres 0..width−1, 0..height−1), ends rounded to pixels. */
function lineAcross(mx: number, my: number, t: number, width: number, height: number): LineProposal['line'] | null {
  const [maxX, maxY] = [width - 1, height - 1];
  const hits: [number, number][] = [];
  const add = (x: number, y: number) => {
    if (x >= -1e-9 && x <= maxX + 1e-9 && y >= -1e-9 && y <= maxY + 1e-9 && !hits.some(([hx, hy]) => Math.abs(hx - x) < 0.5 && Math.abs(hy - y) < 0.5)) hits.push([x, y]);
  };
  if (Math.abs(my) > 1e-9) {
    add(0, t / my);
    add(maxX, (t - maxX * mx) / my);
  }
  if (Math.abs(mx) > 1e-9) {
    add(t / mx, 0);
    add((t - maxY * my) / mx, maxY);
  }
  if (hits.length < 2) return null;
  const [[x1, y1], [x2, y2]] = hits as [[number, number], [number, number]];
  const r = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  // Ends in reading order: left to right, or top to bottom for an upright line.
  const first = x1 < x2 - 0.5 || (Math.abs(x1 - x2) <= 0.5 && y1 <= y2);
  const [a, b] = first ? [[x1, y1], [x2, y2]] : [[x2, y2], [x1, y1]];
  return { kind: 'segment', x1: r(a[0] as number, maxX), y1: r(a[1] as number, maxY), x2: r(b[0] as number, maxX), y2: r(b[1] as number, maxY) };
}
