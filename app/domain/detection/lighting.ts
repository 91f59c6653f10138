/**
 * Is a region of the composite a body, or only light? A shadow or a reflection of something out of view, the sun
 * coming out, a tree's shadow swaying over the line: each changes how brightly the background is lit, and the
 * background still shows through. A body hides the background behind its own paint.
 *
 * So each column of the region is explained two ways: as the row backgrounds scaled by one factor (light), and as
 * one colour (a body's paint). Where the background along the line has a pattern (the chequered stripe, lane
 * markings, the road's grain), the two differ: light keeps the pattern, paint covers it. The score is the share of
 * the region's cells the light explains beyond what one colour does; over a plain background neither is told from
 * the other and the score stays near 0 (a dark car over plain asphalt is not taken for a shadow).
 */
import { medianInPlace } from './robust.js';

export interface LightingInput {
  /** The composite (RGB interleaved, `width` columns). */
  data: ArrayLike<number>;
  width: number;
  /** Each row's background colour (RGB, 3 per row) and each column's exposure gain. */
  background: ArrayLike<number>;
  gain: ArrayLike<number>;
  /** Each row's detection threshold (colour distance). */
  threshold: ArrayLike<number>;
}

/** 0–1: the share of the cells (row × width + column) explained as scaled background and not as one colour. */
export function lightingScore(cells: readonly number[], m: LightingInput): number {
  const { light, paint } = lightAndPaint(cells, m);
  return cells.length ? Math.max(0, (light - paint) / cells.length) : 0;
}

/** How many of the cells the light explains (scaled background), and how many one colour per column does (paint). */
export function lightAndPaint(cells: readonly number[], m: LightingInput): { light: number; paint: number } {
  const byColumn = new Map<number, number[]>();
  for (const i of cells) {
    const c = i % m.width;
    const list = byColumn.get(c);
    if (list) list.push(i);
    else byColumn.set(c, [i]);
  }
  let light = 0;
  let paint = 0;
  for (const [c, list] of byColumn) {
    if (list.length < 3) continue;
    const g = m.gain[c] as number;
    const ratios = new Float32Array(list.length);
    const channel = [new Float32Array(list.length), new Float32Array(list.length), new Float32Array(list.length)];
    list.forEach((i, k) => {
      const r = Math.floor(i / m.width);
      let v = 0;
      let b = 0;
      for (let ch = 0; ch < 3; ch++) {
        const x = m.data[i * 3 + ch] as number;
        (channel[ch] as Float32Array)[k] = x;
        v += x;
        b += g * (m.background[r * 3 + ch] as number);
      }
      ratios[k] = b > 12 ? v / b : 1;
    });
    const scale = medianInPlace(ratios, list.length);
    const colour = channel.map((a) => medianInPlace(Float32Array.from(a), a.length));
    for (const i of list) {
      const r = Math.floor(i / m.width);
      const t = m.threshold[r] as number;
      let dl = 0;
      let dp = 0;
      for (let ch = 0; ch < 3; ch++) {
        const x = m.data[i * 3 + ch] as number;
        dl += (x - scale * g * (m.background[r * 3 + ch] as number)) ** 2;
        dp += (x - (colour[ch] as number)) ** 2;
      }
      if (Math.sqrt(dl) <= t) light++;
      if (Math.sqrt(dp) <= t) paint++;
    }
  }
  return { light, paint };
}

/** A change of the whole scene's light this large (a share of it) as an object leaves the line explains the object. */
const SCENE_LIGHT_STEP = 0.1;
/** Columns either side of the object's last one over which the scene's light is compared. */
const SCENE_LIGHT_COLUMNS = 10;

/**
 * Does an object on the line from the first column leave it just as the whole scene's light changes (the sun coming
 * out, an exposure step)? Its only end is then the scene's: it may be the scene as lit before, where the light did
 * not change by the same factor everywhere (a pale mark, a clipped highlight), rather than a body that moved away. A
 * body on the line at the start leaves whenever it drives on, whatever the light does. `gain`: each composite
 * column's exposure gain.
 */
export function leavesWithSceneLight(firstColumn: number, lastColumn: number, gain: ArrayLike<number>): boolean {
  if (firstColumn !== 0 || lastColumn + 1 >= gain.length) return false;
  const n = Math.min(SCENE_LIGHT_COLUMNS, lastColumn + 1, gain.length - lastColumn - 1);
  const before = Float32Array.from({ length: n }, (_, k) => gain[lastColumn - k] as number);
  const after = Float32Array.from({ length: n }, (_, k) => gain[lastColumn + 1 + k] as number);
  const b = medianInPlace(before, n);
  const a = medianInPlace(after, n);
  return b > 0 && Math.abs(a / b - 1) >= SCENE_LIGHT_STEP;
}
