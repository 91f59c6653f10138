/**
 * A hard shadow ahead of the object: the road darkened by one depth with a sharp edge, between the body and the
 * shadow's own front (a low sun behind the competitor). Read as the object, it puts the front a shadow's length
 * early (on the synthetic hard-shadow race, 1.6 and 2.4 frames). Unlike a soft shadow (front-profile.ts) its
 * edge is as sharp as the body's, so the fade cannot tell them apart; colour alone cannot either, since a dark
 * bumper or splitter ahead of a coloured body is darker road-grey too, and it is the competitor's leading edge.
 *
 * What tells them apart is the road's own pattern: shade multiplies the road, so over a stretch where the road
 * changes (a chequered line, a painted lane line) the darkening stays one ratio, while a body of one colour over
 * it changes ratio with every square. So an object is taken to cast a hard shadow only on that evidence: in some
 * of its rows and frames, the stretch ahead of its body keeps the road's hue, is darkened alike (one ratio, at
 * least a quarter darker) over road whose brightness differs by half or more, and a body of another colour
 * follows it. Then, in every row and frame of that object, such a stretch of one depth ahead of the body is the
 * shadow, and the front is the body's edge behind it.
 */
import type { Profile } from './front-profile.js';
import { median } from './robust.js';
import { shading, type Shading } from './shading.js';

/** A shade stretch ahead of the body: `cut` is its sample nearest the body, `beta` its brightness ratio. */
export interface HardShade {
  cut: number;
  beta: number;
  /** The stretch lies over road whose brightness changes enough to show shade keeps its pattern. */
  textured: boolean;
}

/** Samples of the shade stretch at least, and how much darker than the road it must be. */
const MIN_SAMPLES = 3;
const MIN_DEPTH = 0.25;
/** Brightest to darkest road under the stretch for it to show the pattern kept. */
const TEXTURE_RATIO = 1.5;
/** Road fainter than this (colour distance from black) says nothing about shade. */
const READABLE = 60;

/** The walk upstream from an object's most downstream sample through samples like shade (see hardShadeAt). */
interface ShadeWalk {
  /** The body's first sample behind the stretch, or -1 where the walk ran off the band's upstream end. */
  body: number;
  /** The shade-like samples walked, downstream first, and their brightness ratios. */
  samples: number[];
  betas: number[];
  /** The road under the stretch's inner samples differs in brightness by TEXTURE_RATIO or more. */
  textured: boolean;
  at: (j: number) => Shading;
  tol: (j: number) => number;
}

function walkShade(p: Profile, k0: number, threshold: number): ShadeWalk {
  const shades = new Map<number, Shading>();
  const at = (j: number) => {
    let s = shades.get(j);
    if (!s) shades.set(j, (s = shading(p, j)));
    return s;
  };
  const readable = (j: number) => at(j).bgNorm >= READABLE;
  const tol = (j: number) => threshold / at(j).bgNorm;
  const shadeLike = (j: number) => {
    const s = at(j);
    // Deep shade is dark, so its noise is most of its colour: the hue test allows the full threshold.
    return s.beta < 1 - tol(j) && s.beta > 0.03 && s.hueOff <= Math.max(threshold, 0.12 * s.beta * s.bgNorm);
  };
  const betas: number[] = [];
  const samples: number[] = [];
  let bgMin = Infinity;
  let bgMax = 0;
  let body = -1;
  // Upstream to the body: two readable samples in a row unlike shade (one alone is a noisy sample of it).
  let pending = -1;
  for (let j = k0; j >= 0; j--) {
    if (!readable(j)) continue;
    if (!shadeLike(j)) {
      if (pending >= 0) {
        body = pending;
        break;
      }
      pending = j;
      continue;
    }
    if (pending >= 0) {
      betas.push(at(pending).beta);
      samples.push(pending);
      pending = -1;
    }
    betas.push(at(j).beta);
    samples.push(j);
  }
  for (const j of samples.slice(1, -1)) {
    bgMin = Math.min(bgMin, at(j).bgNorm);
    bgMax = Math.max(bgMax, at(j).bgNorm);
  }
  return { body, samples, betas, textured: bgMax >= TEXTURE_RATIO * bgMin, at, tol };
}

/**
 * The stretch's one depth (its inner samples' median ratio), or null where it is not one depth at least MIN_DEPTH
 * deep over at least MIN_SAMPLES inner samples.
 */
function oneDepth(w: ShadeWalk): number | null {
  // Its two end samples are mixtures (the shadow's edge with the road, the body's with the shade): left out.
  const inner = w.betas.slice(1, -1);
  if (inner.length < MIN_SAMPLES) return null;
  const beta = median(inner);
  if (1 - beta < MIN_DEPTH) return null;
  // One depth: each sample within a tenth of the stretch's ratio and its own noise (a body of one colour over
  // a chequered line changes ratio twofold from square to square).
  if (w.samples.slice(1, -1).some((j, i) => Math.abs((inner[i] as number) - beta) > 0.1 * beta + w.tol(j))) return null;
  return beta;
}

/**
 * The shade stretch ending at the object's most downstream sample `k0`, walking upstream to the body, or null
 * where the object's front is not such a stretch followed by a body of another colour.
 */
export function hardShadeAt(p: Profile, k0: number, threshold: number): HardShade | null {
  return hardShadeOf(p, walkShade(p, k0, threshold), threshold);
}

function hardShadeOf(p: Profile, w: ShadeWalk, threshold: number): HardShade | null {
  // The body behind it: clearly not road (the walk ran off the band, or into plain road: no body, no shadow).
  if (w.body < 0 || !((p.mag[w.body] as number) > threshold)) return null;
  const beta = oneDepth(w);
  return beta === null ? null : { cut: w.body + 1, beta, textured: w.textured };
}

/**
 * What one profile says of light, from one walk upstream from the object's most downstream sample `k0`:
 * - `textured`: a hard shadow ahead of a body, over road whose brightness differs by half or more (hardShadeAt);
 * - `shade-only`: the object is only shade there, one depth from `k0` to the band's upstream end over such road
 *   and no body behind it (the shadow of something out of view sweeping over the chequered line: a body's paint
 *   over the same road changes ratio with every square);
 * - null: neither.
 */
export function shadeEvidenceAt(p: Profile, k0: number, threshold: number): 'textured' | 'shade-only' | null {
  const w = walkShade(p, k0, threshold);
  if (hardShadeOf(p, w, threshold)?.textured) return 'textured';
  return w.body < 0 && w.textured && oneDepth(w) !== null ? 'shade-only' : null;
}
