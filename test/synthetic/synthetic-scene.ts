/**
 * What the evaluation corpus adds to a synthetic finish beyond rigid cars: bodies with parts (a person's swinging
 * arms and legs and head, a cyclist's wheels and pedalling legs, a horse's legs and head, livery stripes), things
 * that change the picture without crossing (a shadow or a reflection from something out of view, a person standing
 * still on the line, a swaying tree's shadow, the sun coming out), and the camera's own faults (mains flicker, a
 * shaking mount). All in the canonical view (motion along +x), all seeded, all with exact ground truth: a body's
 * crossing is the first moment any of its parts touches the line (limbs belong to their body); a phantom has none.
 */
import type { Canvas, CarShape, Rgb } from '../../app/demo/raster.js';

/** A part of a body, placed against the body's nose tip; a swinging part moves ahead of and behind its rest place. */
export interface SyntheticPart {
  /** Across the motion, relative to the body's `top` (px; may be negative: a rider above the bike). */
  top: number;
  width: number;
  length: number;
  /** Where the part's tip sits ahead of the body's nose tip at rest (px, negative: behind it). */
  lead: number;
  /** Swing along the motion: amplitude (px), period (frame intervals), phase (radians). */
  swing?: { amp: number; periodFrames: number; phase: number };
  colour?: Rgb;
  noseRound?: number;
}

/** Picture changes that are no crossing. Positions in canonical px; frames in frame intervals from the first. */
export type SyntheticPhantom =
  /** The shadow of something out of view sweeping across the line (`soft` px of penumbra; 0 is a hard shadow). */
  | { kind: 'shadow'; top: number; width: number; length: number; speed: number; crossFrame: number; depth: number; soft: number }
  /** A bright reflection (a glint off a windscreen out of view) sliding across the line. */
  | { kind: 'glint'; top: number; width: number; length: number; speed: number; crossFrame: number; strength: number }
  /** Someone standing still on the line the whole time, swaying a little. */
  | { kind: 'standing'; top: number; width: number; length: number; sway: number; periodFrames: number; colour: Rgb }
  /** A tree's shadow over the line whose edge sways back and forth across it. */
  | { kind: 'sway'; top: number; width: number; depth: number; amp: number; periodFrames: number }
  /** Part of the scene brightening (the sun coming out) from one frame, over `rampFrames`. */
  | { kind: 'light'; top: number; width: number; fromFrame: number; rampFrames: number; gain: number };

/** The shape of one part at the body's time: a small car-shaped blob that moves with the body. */
export function partShape(body: CarShape, part: SyntheticPart, fps: number): CarShape {
  const dt = 1 / fps;
  return {
    ...body,
    length: part.length,
    width: part.width,
    top: body.top + part.top,
    noseRound: part.noseRound ?? Math.min(2, part.width / 4),
    tailRound: Math.min(2, part.width / 4),
    body: part.colour ?? body.body,
    glass: part.colour ?? body.body,
    roof: part.colour ?? body.body,
    number: '',
    noseAt: (t) => body.noseAt(t) + part.lead + (part.swing ? part.swing.amp * Math.sin((2 * Math.PI * t) / (part.swing.periodFrames * dt) + part.swing.phase) : 0),
  };
}

/** How far a blob's outline sits behind its tip at height y; Infinity outside it (raster.ts's parabola). */
function inset(s: CarShape, y: number): number {
  const half = s.width / 2;
  const v = (y - (s.top + half)) / half;
  return v < -1 || v > 1 ? Infinity : s.noseRound * v * v;
}

/** How far the body's most advanced point is past the line at time t (px; negative: short of it). */
function reachPast(shapes: readonly CarShape[], lineX: (y: number) => number, visible: (y: number) => boolean, t: number): number {
  let best = -Infinity;
  for (const s of shapes) {
    const tip = s.noseAt(t);
    for (let k = 0; k <= 64; k++) {
      const y = s.top + (s.width * k) / 64;
      if (!visible(y)) continue;
      best = Math.max(best, tip - inset(s, y) - lineX(y));
    }
  }
  return best;
}

/**
 * The first moment any of the shapes touches the line (a swinging limb can reach it before the body and swing back):
 * scanned in steps of 1/40 frame interval from `from`, then bisected to well below a nanosecond.
 */
export function firstTouch(shapes: readonly CarShape[], lineX: (y: number) => number, visible: (y: number) => boolean, from: number, to: number, dt: number): number {
  const step = dt / 40;
  let prev = from;
  if (reachPast(shapes, lineX, visible, from) >= 0) return from;
  for (let t = from + step; t <= to; t += step) {
    if (reachPast(shapes, lineX, visible, t) >= 0) {
      let lo = prev;
      let hi = t;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (reachPast(shapes, lineX, visible, mid) >= 0) hi = mid;
        else lo = mid;
      }
      return (lo + hi) / 2;
    }
    prev = t;
  }
  throw new RangeError('body does not reach the line in the time range');
}

function multiplyRect(c: Canvas, x0: number, x1: number, y0: number, y1: number, k: (x: number, y: number) => number): void {
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(c.height - 1, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(c.width - 1, Math.ceil(x1)); x++) {
      const f = k(x, y);
      if (f === 1) continue;
      const i = (y * c.width + x) * 3;
      for (let ch = 0; ch < 3; ch++) c.data[i + ch] = Math.min(255, (c.data[i + ch] as number) * f);
    }
  }
}

/** 0–1 coverage of pixel x by [a, b] with `soft` px of linear ramp at each end. */
function softCover(x: number, a: number, b: number, soft: number): number {
  if (soft <= 0) return Math.max(0, Math.min(x + 0.5, b) - Math.max(x - 0.5, a));
  return Math.max(0, Math.min(1, (x - a) / soft + 0.5, (b - x) / soft + 0.5));
}

/** Paints one phantom into a frame at time `frame` (frame intervals); `lineAt` is the line's canonical x. */
export function drawPhantom(c: Canvas, p: SyntheticPhantom, frame: number, lineAt: number, drawBlob: (shape: CarShape) => void): void {
  const rows = (y: number) => softCover(y, p.top, p.top + p.width, 1);
  switch (p.kind) {
    case 'shadow': {
      const tip = lineAt + p.speed * (frame - p.crossFrame);
      multiplyRect(c, tip - p.length - p.soft - 1, tip + p.soft + 1, p.top - 1, p.top + p.width + 1, (x, y) => 1 - p.depth * rows(y) * softCover(x, tip - p.length, tip, p.soft));
      return;
    }
    case 'glint': {
      const tip = lineAt + p.speed * (frame - p.crossFrame);
      multiplyRect(c, tip - p.length - 3, tip + 3, p.top - 1, p.top + p.width + 1, (x, y) => 1 + p.strength * rows(y) * softCover(x, tip - p.length, tip, 2));
      return;
    }
    case 'standing': {
      const front = lineAt + p.length / 2 + p.sway * Math.sin((2 * Math.PI * frame) / p.periodFrames);
      const shape: CarShape = {
        length: p.length, width: p.width, top: p.top, noseRound: 2, tailRound: 2,
        body: p.colour, glass: p.colour, roof: p.colour, numberColour: p.colour, number: '', noseAt: () => front,
      };
      drawBlob(shape);
      return;
    }
    case 'sway': {
      const edge = lineAt + p.amp * Math.sin((2 * Math.PI * frame) / p.periodFrames);
      multiplyRect(c, 0, c.width - 1, p.top - 1, p.top + p.width + 1, (x, y) => 1 - p.depth * rows(y) * softCover(x, -1e9, edge, 3));
      return;
    }
    case 'light': {
      const g = 1 + (p.gain - 1) * Math.max(0, Math.min(1, (frame - p.fromFrame) / Math.max(1e-9, p.rampFrames)));
      multiplyRect(c, 0, c.width - 1, p.top - 1, p.top + p.width + 1, (_x, y) => 1 + (g - 1) * rows(y));
      return;
    }
  }
}

/** Shifts a frame across the motion by `dy` whole rows (a shaking camera mount), repeating the edge rows. */
export function shakeAcross(c: Canvas, dy: number): Canvas {
  if (dy === 0) return c;
  const out = new Float32Array(c.data.length);
  const row = c.width * 3;
  for (let y = 0; y < c.height; y++) {
    const src = Math.max(0, Math.min(c.height - 1, y - dy));
    out.set(c.data.subarray(src * row, src * row + row), y * row);
  }
  return { width: c.width, height: c.height, data: out };
}
