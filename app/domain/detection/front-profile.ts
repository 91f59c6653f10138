/**
 * An object's front along one row of pixels across the finish line (the pixels in the direction of motion), to a
 * fraction of a pixel.
 *
 * A pixel the front only partly covers holds a mix of object and background colour; unmixing against the known
 * background gives the covered fraction, and summing the fractions from a pixel inside the object outwards gives the
 * front's position. Motion blur only widens the ramp: the sum still lands on the front's position at mid-exposure,
 * which is the frame's time.
 *
 * A vehicle lit from above casts a soft shadow on the road ahead of itself when it drives away from the light: a
 * darkening of the road's own colour, deepest under the bumper and fading over tens of pixels. Read as partial
 * coverage, that ramp puts the front well ahead of the body (on car-detection.mp4, 20–40 px: two to three frames
 * early). So a darkening that keeps the road's hue and fades more gradually than any blurred edge of the object can
 * is taken for a shadow, and the front is the body's edge against the shadow's deepest colour.
 */
import type { FrameAt, RgbImage } from './front-fit.js';
import { faintFaceEndsAt } from './faint-face.js';
import { hardShadeAt, shadeEvidenceAt } from './hard-shadow.js';
import { shading, type Shading } from './shading.js';

export interface Profile {
  /** Signed distance downstream from the line of sample 0 (px); sample k is at s0 + k. */
  s0: number;
  diff: Float32Array; // per sample, 3 channels: image − gain·background
  bg: Float32Array; // per sample, 3 channels: gain·background
  mag: Float32Array;
  n: number;
}

/** Reads a pixel given motion-axis coordinate m and across-coordinate a (frame coordinates; -1 outside the image). */
function pixelIndex(img: RgbImage, axis: 'x' | 'y', m: number, a: number): number {
  const x = (axis === 'x' ? m : a) - (img.x0 ?? 0);
  const y = (axis === 'x' ? a : m) - (img.y0 ?? 0);
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return -1;
  return (y * img.width + x) * 3;
}

/**
 * Arrays a profile is read into and read from before the next one is (profileOf's `into`). A fit reads every
 * row of every frame three times and keeps no profile: three new typed arrays for each were a malloc, a zero fill
 * and a free on another thread apiece, and the threads' contention on the allocator's lock showed in the profile.
 */
export interface ProfileBuffers {
  diff: Float32Array;
  bg: Float32Array;
  mag: Float32Array;
}

export function profileBuffers(window: number): ProfileBuffers {
  const n = 2 * window + 1;
  return { diff: new Float32Array(n * 3), bg: new Float32Array(n * 3), mag: new Float32Array(n) };
}

/**
 * The pixels of one row across the line, ordered downstream (in the direction of motion). With `into`, the
 * profile is those arrays: valid until the next profile is read into them.
 */
export function profileOf(frame: FrameAt, bg: RgbImage, axis: 'x' | 'y', a: number, lineM: number, sign: 1 | -1, window: number, into?: ProfileBuffers): Profile | null {
  const centre = Math.round(lineM);
  const n = 2 * window + 1;
  const reuse = into !== undefined && into.mag.length >= n;
  const diff = reuse ? into.diff : new Float32Array(n * 3);
  const back = reuse ? into.bg : new Float32Array(n * 3);
  const mag = reuse ? into.mag : new Float32Array(n);
  let count = 0;
  let s0 = 0;
  for (let k = 0; k < n; k++) {
    const m = centre + sign * (k - window);
    const i = pixelIndex(frame.image, axis, m, a);
    if (i < 0) {
      if (count > 0) break; // ran off the frame downstream
      continue;
    }
    if (count === 0) s0 = sign * (m - lineM);
    let sq = 0;
    for (let ch = 0; ch < 3; ch++) {
      const b = Math.min(255, frame.gain * (bg.data[i + ch] as number)); // the sensor clips at white
      const d = (frame.image.data[i + ch] as number) - b;
      diff[count * 3 + ch] = d;
      back[count * 3 + ch] = b;
      sq += d * d;
    }
    mag[count] = Math.sqrt(sq);
    count++;
  }
  return count >= 6 ? { s0, diff, bg: back, mag, n: count } : null;
}

/**
 * Position of the object's front along one profile (signed px downstream of the line), or null where no clear
 * front lies inside the band (or the object fills it to the far end). `shadowWidth`: the narrowest darkening ramp
 * (px) taken for a shadow rather than the object's blurred edge (Infinity: no shadow test).
 */
/** Samples behind a candidate front whose strongest difference it is weighed against. */
const LOCAL_PEAK = 16;
/** Longest blurred ramp walked into the object to find its own colour (px): a fast car's motion blur. */
const MAX_RAMP = 24;

export interface Front {
  /** Signed px downstream of the line. */
  s: number;
  /** Width of the edge (px): from the last fully covered sample to the first empty one; blur widens it. */
  width: number;
  /** The colour distance from the background at the top of the edge's ramp (what coverage was unmixed against). */
  contrast?: number;
  /** The difference falls away again just behind that top: the edge is a thin ridge (sliver-rows.ts). */
  ridge?: boolean;
}

/**
 * Fronts read, textured shade stretches among them (hard-shadow.ts: the evidence of a hard shadow), and fronts of
 * objects that are only shade there (shadeEvidenceAt: the evidence of a shadow from out of view).
 */
export interface ShadeEvidence {
  fronts: number;
  textured: number;
  shadeOnly: number;
}

export function frontInProfile(p: Profile, threshold: number, shadowWidth = Infinity, evidence?: ShadeEvidence): Front | null {
  const k = frontCandidate(p, threshold);
  if (k < 0) return null;
  if (Number.isFinite(shadowWidth)) {
    const shadow = softShadowStart(p, k, threshold, shadowWidth);
    if (shadow) return shadow.cut < 3 ? null : bodyFront(againstShadow(p, shadow.cut, shadow.beta), threshold);
    if (evidence) {
      evidence.fronts++;
      const light = shadeEvidenceAt(p, k, threshold);
      if (light === 'textured') evidence.textured++;
      else if (light === 'shade-only') evidence.shadeOnly++;
    }
  }
  return bodyFront(p, threshold);
}

/** The body's edge behind a hard shadow's stretch ahead of it, or null where the front is no such stretch. */
export function frontBehindShade(p: Profile, threshold: number): Front | null {
  const k = frontCandidate(p, threshold);
  const shade = k < 0 ? null : hardShadeAt(p, k, threshold);
  return shade && shade.cut >= 3 ? bodyFront(againstShadow(p, shade.cut, shade.beta), threshold) : null;
}

/**
 * The most downstream sample of the object: the last of three in a row clearly different from the background,
 * clearly meaning over the threshold and over 0.3 of the strongest difference within LOCAL_PEAK samples behind it
 * (a compression halo just ahead of a bright car is not its front; a body fainter than its own roof panel further
 * back is), or the end of a dim face of the body ahead of its bright part, which a halo's fade is not (faint-face.ts:
 * a bolt's grey side face ahead of its white top). -1 when there is none.
 */
function frontCandidate(p: Profile, threshold: number): number {
  const { mag, n } = p;
  for (let j = n - 1; j >= 2; j--) {
    if ((mag[j] as number) <= threshold || (mag[j - 1] as number) <= threshold || (mag[j - 2] as number) <= threshold) continue;
    let peak = 0;
    for (let i = Math.max(0, j - LOCAL_PEAK); i <= j; i++) peak = Math.max(peak, mag[i] as number);
    const level = 0.3 * peak;
    if ((mag[j] as number) > level && (mag[j - 1] as number) > level && (mag[j - 2] as number) > level) return j;
    if (faintFaceEndsAt(p, j, threshold, level)) return j;
  }
  return -1;
}


/**
 * Where a soft shadow ahead of the object begins (its sample nearest the object), or null when the object's most
 * downstream sample `k0` is not in one. A shadow darkens the road keeping its hue, and its darkening ramps up gradually:
 * from 20 % to 80 % of its depth over at least `minWidth` px, where a blurred edge of the object cannot be wider
 * than its travel during the exposure.
 */
export function softShadowStart(p: Profile, k0: number, threshold: number, minWidth: number): { cut: number; beta: number } | null {
  const { n } = p;
  // Each sample's shading is computed when the walk first reaches it: most fronts are no shadow, and the walk
  // stops at their first sample.
  const cache: (Shading | undefined)[] = new Array(n);
  const s = { at: (j: number): Shading => (cache[j] ??= shading(p, j)) };
  // Over a black square of a chequered line, or black paint, a shadow changes next to nothing: those samples
  // neither show nor interrupt one, so they are stepped over.
  const readable = (j: number) => s.at(j).bgNorm >= 60;
  // β's noise: the threshold is a few times the noise of a sample's colour distance.
  const tolAt = (j: number) => threshold / s.at(j).bgNorm;
  const shadowLike = (j: number) => {
    const x = s.at(j);
    return x.beta < 1 - tolAt(j) && x.beta > 0.03 && x.hueOff <= Math.max(0.5 * threshold, 0.12 * x.beta * x.bgNorm);
  };
  // The walk compares β smoothed over three readable neighbours, so one noisy sample neither stops nor carries it.
  const smooth = (j: number) => {
    const near = [j - 1, j, j + 1].filter((i) => i >= 0 && i < n && readable(i)).map((i) => s.at(i).beta);
    return near.sort((x, y) => x - y)[Math.floor(near.length / 2)] as number;
  };
  let start = k0;
  while (start > 0 && !readable(start)) start--;
  if (!readable(start) || !shadowLike(start)) return null;
  // Towards the object: darker or equal, never in a step steeper than a shadow's.
  let u = start;
  let last = start;
  for (let j = start - 1; j >= 0; j--) {
    if (!readable(j)) continue;
    if (!shadowLike(j)) break;
    const here = smooth(last);
    const next = s.at(j).beta;
    const tol = tolAt(j) + tolAt(last);
    if (next > here + tol || here - next > 0.1 * (last - j) + tol) break;
    u = j;
    last = j;
  }
  // Away from it: the rest of the fade, down to the road's own brightness.
  let e = start;
  for (let j = start + 1; j < n; j++) {
    if (!readable(j)) continue;
    if (!shadowLike(j)) break;
    e = j;
  }
  let darkest = 1;
  for (let j = u; j <= e; j++) if (readable(j)) darkest = Math.min(darkest, s.at(j).beta);
  const depth = 1 - darkest;
  if (depth < 0.15) return null;
  let deep = -1;
  let faint = -1;
  for (let j = u; j <= e; j++) {
    if (!readable(j)) continue;
    const beta = s.at(j).beta;
    if (beta <= darkest + 0.2 * depth) deep = j;
    if (beta <= 1 - 0.2 * depth) faint = j;
  }
  return deep >= 0 && faint - deep >= minWidth ? { cut: u, beta: s.at(u).beta } : null;
}

/**
 * The profile as the object's body meets the shadow: upstream of `cut` the background is the road darkened as
 * deeply as the shadow is there (`beta`), which keeps the road's own pattern (a chequered line stays chequered in
 * shade); from `cut` on every sample counts as background.
 */
function againstShadow(p: Profile, cut: number, beta: number): Profile {
  const diff = new Float32Array(p.diff.length);
  const bg = new Float32Array(p.bg.length);
  const mag = new Float32Array(p.n);
  for (let j = 0; j < p.n; j++) {
    let sq = 0;
    for (let ch = 0; ch < 3; ch++) {
      const colour = (p.diff[j * 3 + ch] as number) + (p.bg[j * 3 + ch] as number);
      const b = j < cut ? beta * (p.bg[j * 3 + ch] as number) : colour;
      bg[j * 3 + ch] = b;
      diff[j * 3 + ch] = colour - b;
      sq += (colour - b) * (colour - b);
    }
    mag[j] = Math.sqrt(sq);
  }
  return { s0: p.s0, diff, bg, mag, n: p.n };
}

function bodyFront(p: Profile, threshold: number): Front | null {
  const { mag, n } = p;
  const k = frontCandidate(p, threshold);
  if (k < 0 || k >= n - 2) return null;
  // Walk inwards while the difference still climbs (the blurred or anti-aliased ramp), looking two samples ahead
  // (JPEG and half-resolution colour leave steps of two equal samples on a ramp), then one pixel more.
  let inner = k;
  for (let step = 0; step < MAX_RAMP && inner - 1 >= 0; step++) {
    const next = mag[inner - 1] as number;
    const after = inner - 2 >= 0 ? (mag[inner - 2] as number) : 0;
    const here = mag[inner] as number;
    if (next > 1.08 * here) inner--;
    else if (after > 1.08 * here) inner -= 2;
    else break;
  }
  const top = inner;
  inner = Math.max(0, inner - 1);
  if (inner === 0 && k > MAX_RAMP) return null;
  // The object's colour just inside the front, as a difference from the background there.
  const obj = [0, 0, 0];
  const from = Math.max(0, inner - 1);
  for (let j = from; j <= inner; j++) for (let ch = 0; ch < 3; ch++) obj[ch] = (obj[ch] as number) + (p.diff[j * 3 + ch] as number) + (p.bg[j * 3 + ch] as number);
  const cnt = inner - from + 1;
  for (let ch = 0; ch < 3; ch++) obj[ch] = (obj[ch] as number) / cnt;
  // Covered fraction of each pixel from `inner` outwards, until two pixels in a row are background. Where the
  // object's colour matches the background there (a white car over a white square of the line) a pixel says
  // nothing about coverage; a front that falls on such pixels cannot be placed, so that reading is dropped.
  const alphas: number[] = [];
  const known: boolean[] = [];
  let quiet = 0;
  for (let j = inner; j < n && quiet < 2; j++) {
    let dot = 0;
    let norm = 0;
    for (let ch = 0; ch < 3; ch++) {
      const contrast = (obj[ch] as number) - (p.bg[j * 3 + ch] as number);
      dot += (p.diff[j * 3 + ch] as number) * contrast;
      norm += contrast * contrast;
    }
    const isKnown = norm > 4 * threshold * threshold;
    const alpha = isKnown ? Math.max(-0.25, Math.min(1.25, dot / norm)) : Math.min(1, (mag[j] as number) / Math.max(Math.sqrt(norm), threshold));
    alphas.push(alpha);
    known.push(isKnown);
    quiet = isKnown && alpha < 0.15 && j > k ? quiet + 1 : 0;
  }
  if (quiet < 2) return null; // reached the band's end still on the object
  let lastFull = -1;
  let firstEmpty = alphas.length;
  for (let i = 0; i < alphas.length; i++) if (known[i] && (alphas[i] as number) >= 0.85) lastFull = i;
  for (let i = alphas.length - 1; i > lastFull; i--) if (known[i] && (alphas[i] as number) <= 0.15) firstEmpty = i;
  for (let i = Math.max(0, lastFull); i <= Math.min(firstEmpty, alphas.length - 1); i++) if (!known[i]) return null;
  // Fronts are monotonic: a pixel that cannot be read is covered behind the last fully covered one and empty
  // beyond the first empty one.
  let covered = 0;
  for (let i = 0; i < alphas.length; i++) covered += known[i] ? (alphas[i] as number) : i < lastFull ? 1 : i > firstEmpty ? 0 : (alphas[i] as number);
  return {
    s: p.s0 + inner - 0.5 + covered,
    width: Math.max(1, Math.min(firstEmpty, alphas.length) - Math.max(0, lastFull) - 1),
    contrast: mag[top] as number,
    ridge: ridgeBehind(mag, top),
  };
}

/** Samples behind a ramp's top over which the body's own level is looked for: past a blurred ramp's width. */
const RIDGE_FROM = 3;
const RIDGE_TO = 8;
/** The level behind under this share of the top's: the top was a ridge, not the body's colour. */
const RIDGE_FALL = 0.6;

/**
 * Whether the difference falls away behind the top of a front's ramp (the median over RIDGE_FROM–RIDGE_TO samples
 * behind it under RIDGE_FALL of the top): a thin sliver of the body ahead of something the road's colour, or of
 * another colour. Blurred, such a sliver never shows the body's own colour (sliver-rows.ts).
 */
function ridgeBehind(mag: Float32Array, top: number): boolean {
  const from = top - RIDGE_TO;
  if (from < 0) return false;
  const behind: number[] = [];
  for (let j = from; j <= top - RIDGE_FROM; j++) behind.push(mag[j] as number);
  behind.sort((x, y) => x - y);
  return (behind[Math.floor(behind.length / 2)] as number) < RIDGE_FALL * (mag[top] as number);
}
