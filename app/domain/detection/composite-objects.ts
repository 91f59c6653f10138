/**
 * Finds the objects that crossed the line in a composite (columns = time, rows = points along the line).
 *
 * The still background of a composite is one colour per row, so each row gets its own background (the median over
 * all columns). Real cameras change exposure while filming, which scales every pixel of a column at once; a naive
 * difference would report each exposure jump as an object spanning the whole line. So each column gets a gain (the
 * median ratio of its pixels to the background, robust while objects cover less than half the line) and the
 * background is compared at that gain; a shaking mount slides the whole line by a row or two, so each column is
 * also compared at the shift that matches it. Pixels far from their row's background (thresholds from each row's own
 * noise) are grouped into connected regions in time × line; fragments of one object are merged, and a region
 * whose rows hold two objects side by side with clearly different leading edges is split, and parts of one body
 * that a band of blind rows keeps apart are joined.
 */
import { joinBodyParts } from './body-parts.js';
import { leavesWithSceneLight, lightingScore } from './lighting.js';
import { medianInPlace, runningMedian } from './robust.js';
import type { StillBackground } from './still-background.js';

/** An RGB image on the 0–255 scale, interleaved. `width` columns by `height` rows. Bytes keep big composites small. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array | Uint8Array;
}

export interface CompositeObject {
  /** First column in which any part of the object is on the line: the coarse leading edge. */
  firstColumn: number;
  lastColumn: number;
  /** Rows of the line the object covers, inclusive. */
  top: number;
  bottom: number;
  area: number;
  /** Median difference from the background inside the object, over the row threshold (≥ 1). */
  contrast: number;
  /** First column per row (rows top..bottom; -1 where the object does not touch that row). */
  firstByRow: number[];
  /** Last column per row, likewise: how long each row of it stayed on the line (a rider leaves before the bike). */
  lastByRow: number[];
  /** 0–1: how much of it is only light (a shadow, a reflection, a change of lighting) rather than a body (lighting.ts). */
  lighting?: number;
  /** On the line from the first column, it leaves the line just as the whole scene's light changes (lighting.ts). */
  leavesWithLight?: boolean;
  /** The regions joined into this object as parts of one body (body-parts.ts), each read on its own; absent where the object is one region. */
  parts?: CompositeObject[];
}

export interface CompositeModel {
  /** Background colour of each row (RGB, height × 3). */
  background: Float32Array;
  /** Exposure gain of each column. */
  gain: Float32Array;
  /** Difference from the background (colour distance), height × width, row-major. */
  difference: Float32Array;
  /** Detection threshold of each row. */
  threshold: Float32Array;
}

export interface ObjectOptions {
  /** Smallest object, in rows of the line. */
  minRows?: number;
  /** Threshold floor, in the plane's units (0–255). */
  minThreshold?: number;
  /** A background already known (a line-scan image's, still-background.ts): no exposure gains then. */
  still?: StillBackground;
}

export function modelComposite(p: Plane, still?: StillBackground): CompositeModel {
  const { width: W, height: H, data } = p;
  const background = still ? Float32Array.from(still.background) : new Float32Array(H * 3);
  const gain = new Float32Array(W).fill(1);
  // A row's background is the median of at most ~2000 evenly spread columns, and a column's gain the median of at
  // most ~300 evenly spread rows: as good, and bounded for long races and tall lines.
  const stride = Math.max(1, Math.ceil(W / 2048));
  const rowStride = Math.max(1, Math.floor(H / 300));
  const scratch = new Float32Array(Math.max(W, H));
  for (let pass = still ? 3 : 0; pass < 3; pass++) {
    for (let r = 0; r < H; r++) {
      for (let ch = 0; ch < 3; ch++) {
        let n = 0;
        for (let c = 0; c < W; c += stride) scratch[n++] = (data[(r * W + c) * 3 + ch] as number) / (gain[c] as number);
        background[r * 3 + ch] = medianInPlace(scratch, n);
      }
    }
    if (pass === 2) break;
    for (let c = 0; c < W; c++) {
      let n = 0;
      for (let r = 0; r < H; r += rowStride) {
        const b = (background[r * 3] as number) + (background[r * 3 + 1] as number) + (background[r * 3 + 2] as number);
        if (b < 24) continue; // ratios of near-black rows are noise
        const v = (data[(r * W + c) * 3] as number) + (data[(r * W + c) * 3 + 1] as number) + (data[(r * W + c) * 3 + 2] as number);
        scratch[n++] = v / b;
      }
      gain[c] = n > 0 ? medianInPlace(scratch, n) : 1;
    }
  }
  let shift = still ? new Int8Array(W) : columnShifts(p, background, gain, rowStride);
  if (shift.some((dy) => dy !== 0)) {
    // The row backgrounds again, each column read at its shift (a shaken column blurs the pattern's median), and
    // the shifts against them.
    for (let r = 0; r < H; r++) {
      for (let ch = 0; ch < 3; ch++) {
        let n = 0;
        for (let c = 0; c < W; c += stride) {
          const rr = Math.max(0, Math.min(H - 1, r + (shift[c] as number)));
          scratch[n++] = (data[(rr * W + c) * 3 + ch] as number) / (gain[c] as number);
        }
        background[r * 3 + ch] = medianInPlace(scratch, n);
      }
    }
    shift = columnShifts(p, background, gain, rowStride);
  }
  const difference = new Float32Array(W * H);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const i = (r * W + c) * 3;
      const g = gain[c] as number;
      const b = Math.max(0, Math.min(H - 1, r - (shift[c] as number))) * 3;
      // A brighter exposure cannot push a pixel past white: compare with the expected value as the sensor clips it.
      const d0 = (data[i] as number) - Math.min(255, g * (background[b] as number));
      const d1 = (data[i + 1] as number) - Math.min(255, g * (background[b + 1] as number));
      const d2 = (data[i + 2] as number) - Math.min(255, g * (background[b + 2] as number));
      difference[r * W + c] = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2);
    }
  }
  // Noise of each row: the median difference (most columns show background). Rows that flicker (a swaying
  // shadow, a reflection) get a higher threshold of their own; a floor keeps quiet rows from seeing noise.
  const rowNoise = new Float32Array(H);
  const quietColumns = still?.columns ?? Array.from({ length: Math.ceil(W / stride) }, (_, k) => k * stride);
  const noiseScratch = new Float32Array(quietColumns.length);
  for (let r = 0; r < H; r++) {
    quietColumns.forEach((c, k) => (noiseScratch[k] = difference[r * W + c] as number));
    rowNoise[r] = medianInPlace(noiseScratch, quietColumns.length);
  }
  const typical = medianInPlace(Float32Array.from(rowNoise), H);
  const threshold = new Float32Array(H);
  for (let r = 0; r < H; r++) threshold[r] = Math.max(4.5 * (rowNoise[r] as number), 4 * typical);
  return { background, gain, difference, threshold };
}

/** Rows a shaking mount may shift a frame along the line, either way. */
const MAX_SHIFT = 2;
/** A shift is taken only where it explains the column this much better than none (a mean residual's ratio). */
const SHIFT_GAIN = 0.6;

/**
 * How many rows each column is shifted along the line against the row backgrounds (a shaking camera mount moves the
 * whole frame, so the line's pattern, its chequered squares above all, slides by whole rows and every row of the
 * pattern differs from its own background as much as any body would). Each column takes the shift whose mean
 * residual over the rows is clearly the least (the pattern's edges weigh in the mean, where a median would see only
 * the plain rows between them); 0 where none is (every column of a steady camera).
 */
function columnShifts(p: Plane, background: Float32Array, gain: Float32Array, rowStride: number): Int8Array {
  const { width: W, height: H, data } = p;
  const shift = new Int8Array(W);
  const residual = (c: number, dy: number) => {
    let n = 0;
    let sum = 0;
    const g = gain[c] as number;
    for (let r = Math.max(0, dy); r < Math.min(H, H + dy); r += rowStride) {
      const i = (r * W + c) * 3;
      const b = (r - dy) * 3;
      let d = 0;
      for (let ch = 0; ch < 3; ch++) d += Math.abs((data[i + ch] as number) - Math.min(255, g * (background[b + ch] as number)));
      sum += d;
      n++;
    }
    return n > 0 ? sum / n : 0;
  };
  for (let c = 0; c < W; c++) {
    const still = residual(c, 0);
    let best = still;
    for (let dy = -MAX_SHIFT; dy <= MAX_SHIFT; dy++) {
      if (dy === 0) continue;
      const r = residual(c, dy);
      if (r < SHIFT_GAIN * still && r < best) {
        best = r;
        shift[c] = dy;
      }
    }
  }
  return shift;
}

/** The fewest rows of the line an object spans to count (a composite of `height` rows). */
export function minObjectRows(height: number): number {
  return Math.max(4, Math.round(height * 0.012));
}

/** Median difference over the row threshold an object must reach (real objects sit at 4–12). */
const MIN_CONTRAST = 1.6;

export function findCompositeObjects(p: Plane, options: ObjectOptions = {}): { objects: CompositeObject[]; model: CompositeModel } {
  const model = modelComposite(p, options.still);
  const { width: W, height: H } = p;
  const minRows = options.minRows ?? minObjectRows(H);
  const floor = options.minThreshold ?? 14;
  const { difference: D } = model;
  const thr = model.threshold.map((t) => Math.max(t, floor));
  // Hysteresis: regions must hold a pixel at twice the threshold, then grow through pixels over it.
  const label = new Int32Array(W * H).fill(-1);
  const regions: { cells: number[]; strong: boolean }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < W * H; start++) {
    if (label[start] !== -1) continue;
    const r0 = Math.floor(start / W);
    if ((D[start] as number) <= (thr[r0] as number)) continue;
    const id = regions.length;
    const region = { cells: [] as number[], strong: false };
    regions.push(region);
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      region.cells.push(i);
      const r = Math.floor(i / W);
      const c = i - r * W;
      if ((D[i] as number) > 2 * (thr[r] as number)) region.strong = true;
      for (let dr = -1; dr <= 1; dr++) {
        const rr = r + dr;
        if (rr < 0 || rr >= H) continue;
        for (let dc = -1; dc <= 1; dc++) {
          const cc = c + dc;
          if (cc < 0 || cc >= W || (dr === 0 && dc === 0)) continue;
          const j = rr * W + cc;
          if (label[j] !== -1 || (D[j] as number) <= (thr[rr] as number)) continue;
          label[j] = id;
          stack.push(j);
        }
      }
    }
  }
  let boxes = regions
    .filter((reg) => reg.strong && reg.cells.length >= 2)
    .map((reg) => boxOf(reg.cells, W));
  boxes = mergeFragments(boxes, minRows);
  const typicalThreshold = medianInPlace(Float32Array.from(thr));
  const contrastOf = (cells: number[]) => medianInPlace(cells.map((i) => (D[i] as number) / (thr[Math.floor(i / W)] as number)));
  const contrasts = new Map<Box, number>();
  for (const box of boxes) {
    for (const part of splitSideBySide(box, p, minRows, typicalThreshold)) {
      if (part.bottom - part.top + 1 < minRows || part.cells.length < 3 * minRows) continue;
      const contrast = contrastOf(part.cells);
      // Barely over the threshold throughout: a compression halo or a flicker at an edge, not an object.
      if (contrast >= MIN_CONTRAST) contrasts.set(part, contrast);
    }
  }
  // Parts of one body kept apart only by a band of rows too busy to show it (body-parts.ts) are one object.
  const objectOf = (box: Box): CompositeObject => ({
    firstColumn: box.first,
    lastColumn: box.last,
    top: box.top,
    bottom: box.bottom,
    area: box.cells.length,
    contrast: contrasts.get(box) ?? contrastOf(box.cells),
    lighting: lightingScore(box.cells, { data: p.data, width: W, background: model.background, gain: model.gain, threshold: thr }),
    ...(leavesWithSceneLight(box.first, box.last, model.gain) ? { leavesWithLight: true } : {}),
    ...rowExtents(box, W),
  });
  const joined = new Map<Box, Box[]>();
  const evidence = { threshold: thr, typical: typicalThreshold, plane: p, emptyColumns: options.still?.columns ?? null };
  const bodies = joinBodyParts([...contrasts.keys()], evidence, (a, b) => {
    const body = boxOf(a.cells.concat(b.cells), W);
    joined.set(body, [...(joined.get(a) ?? [a]), ...(joined.get(b) ?? [b])]);
    return body;
  });
  const objects = bodies.map((body) => {
    const parts = joined.get(body);
    return parts ? { ...objectOf(body), parts: parts.map(objectOf) } : objectOf(body);
  });
  objects.sort((a, b) => a.firstColumn - b.firstColumn || a.top - b.top);
  return { objects, model };
}

interface Box {
  top: number;
  bottom: number;
  first: number;
  last: number;
  cells: number[];
}

/** Rows of background a band too short to count may have between it and its neighbour (a chequered line's square). */
const BAND_GAP = 3;
/** Columns by which such bands' first and last columns may differ. */
const BAND_COLUMNS = 1;

/**
 * One object can fall apart where its colour matches the background (a dark window over dark asphalt). Pieces whose
 * row ranges mostly coincide and whose columns overlap or nearly touch are one object. So are bands stacked along
 * the line, at most BAND_GAP rows apart, that come and go in the same columns, where one is too short to count on its
 * own (under `minRows`): a black car over a chequered line shows on its white squares only, 3 rows at a time (at 150
 * frames/s the tuning set's black car kept 4 of its 27 rows, read 2.4 px late at 7σ). Not bands on the line from the
 * first column: there a change of the scene's light ends in the same columns on every row it lit (the sun coming
 * out made three such stacks, one of them unflagged), and nothing crossing is read there anyway.
 */
function mergeFragments(boxes: Box[], minRows: number): Box[] {
  const out = boxes.map((b) => ({ ...b, cells: b.cells.slice() }));
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as Box;
        const b = out[j] as Box;
        const rowOverlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
        const smaller = Math.min(a.bottom - a.top + 1, b.bottom - b.top + 1);
        const colGap = Math.max(a.first, b.first) - Math.min(a.last, b.last);
        const band =
          smaller < minRows &&
          -rowOverlap <= BAND_GAP &&
          Math.min(a.first, b.first) > 0 &&
          Math.abs(a.first - b.first) <= BAND_COLUMNS &&
          Math.abs(a.last - b.last) <= BAND_COLUMNS;
        if ((rowOverlap >= 0.5 * smaller && colGap <= 2) || band) {
          out[i] = {
            top: Math.min(a.top, b.top),
            bottom: Math.max(a.bottom, b.bottom),
            first: Math.min(a.first, b.first),
            last: Math.max(a.last, b.last),
            cells: a.cells.concat(b.cells),
          };
          out.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return out;
}

/** Each row's first and last column among a box's cells (rows top..bottom; -1 where it has none). */
function rowExtents(box: Box, W: number): Pick<CompositeObject, 'firstByRow' | 'lastByRow'> {
  const first = new Array<number>(box.bottom - box.top + 1).fill(-1);
  const last = new Array<number>(box.bottom - box.top + 1).fill(-1);
  for (const i of box.cells) {
    const r = Math.floor(i / W) - box.top;
    const c = i % W;
    if (first[r] === -1 || c < (first[r] as number)) first[r] = c;
    if (c > (last[r] as number)) last[r] = c;
  }
  return { firstByRow: first, lastByRow: last };
}

/**
 * Two competitors side by side touch in the composite and become one region. Their leading edges then form two
 * levels across the rows with a step between them, and just behind the step the colours differ (two cars); a
 * nose's own curve never steps that abruptly while keeping one colour. Split there, recursively.
 */
function splitSideBySide(box: Box, p: Plane, minRows: number, threshold: number): Box[] {
  const W = p.width;
  const first = rowExtents(box, W).firstByRow;
  const filled = first.map((c) => (c < 0 ? Number.NaN : c));
  const smooth = runningMedian(filled, 2);
  const span = box.last - box.first + 1;
  const step = Math.max(3, Math.round(span * 0.08));
  let cut = -1;
  let best = 0;
  for (let k = minRows; k <= smooth.length - minRows; k++) {
    const above = smooth.slice(Math.max(0, k - minRows), k).filter(Number.isFinite);
    const below = smooth.slice(k, k + minRows).filter(Number.isFinite);
    if (above.length < minRows / 2 || below.length < minRows / 2) continue;
    const jump = Math.abs((smooth[k] as number) - (smooth[k - 1] as number));
    // Each side's own leading edge (its earliest row) must differ by the step: both halves of one nose share a tip.
    const levelA = Math.min(...smooth.slice(0, k).filter(Number.isFinite));
    const levelB = Math.min(...smooth.slice(k).filter(Number.isFinite));
    if (jump < 2 || Math.abs(levelA - levelB) < step || jump <= best) continue;
    // A smaller step is enough where the hue changes across it (a yellow car beside a blue one); a shadow or a
    // darker part of the same car changes brightness, not hue, and needs the full step.
    if (jump < step && chromaAcross(p, box, first, k, threshold) < 0.08) continue;
    best = jump;
    cut = k;
  }
  if (cut < 0) return [box];
  const rowCut = box.top + cut;
  const upper: number[] = [];
  const lower: number[] = [];
  for (const i of box.cells) (Math.floor(i / W) < rowCut ? upper : lower).push(i);
  return [...splitSideBySide(boxOf(upper, W), p, minRows, threshold), ...splitSideBySide(boxOf(lower, W), p, minRows, threshold)];
}

/**
 * Difference in hue (chromaticity, brightness removed) between the rows just above and just below row `k` of a
 * box, a few columns behind their leading edges. 0 where either side is too dark to have a hue.
 */
function chromaAcross(p: Plane, box: Box, first: number[], k: number, threshold: number): number {
  const mean = (from: number, to: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let r = from; r < to; r++) {
      const c0 = first[r];
      if (c0 === undefined || c0 < 0) continue;
      for (let c = c0 + 1; c <= Math.min(c0 + 3, p.width - 1); c++) {
        const i = ((box.top + r) * p.width + c) * 3;
        for (let ch = 0; ch < 3; ch++) sum[ch] = (sum[ch] as number) + (p.data[i + ch] as number);
        n++;
      }
    }
    if (n === 0) return null;
    const total = (sum[0] as number) + (sum[1] as number) + (sum[2] as number);
    return total / n < 3 * threshold ? null : [(sum[0] as number) / total, (sum[1] as number) / total];
  };
  const a = mean(Math.max(0, k - 3), k);
  const b = mean(k, Math.min(first.length, k + 3));
  if (!a || !b) return 0;
  return Math.hypot((a[0] as number) - (b[0] as number), (a[1] as number) - (b[1] as number));
}

function boxOf(cells: number[], W: number): Box {
  let top = Infinity;
  let bottom = -1;
  let first = Infinity;
  let last = -1;
  for (const i of cells) {
    const r = Math.floor(i / W);
    const c = i - r * W;
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
    first = Math.min(first, c);
    last = Math.max(last, c);
  }
  return { top, bottom, first, last, cells };
}
