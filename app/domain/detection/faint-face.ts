/**
 * A dim face of a body ahead of its bright part: the grey side face of a steel bolt's hex head, 10 px ahead of its
 * white top (the committed bolt clip), differs from the belt by a third of what the top does. A front is weighed
 * against the strongest difference behind it (front-profile.ts), so that a compression halo just ahead of a bright
 * body is not read as its front; a face that faint is then skipped too, and the body read that much late (the bolt
 * a quarter of a frame).
 *
 * What tells the face from a halo is its shape: a halo is the bright edge's ringing, fading away from it over a few
 * pixels, where a face is a stretch of one colour of its own, as wide as a body's part, that ends in an edge as
 * sharp as the body's. Shade is no face either (the road darkened keeping its hue: a shadow, tested apart).
 */
import type { Profile } from './front-profile.js';
import { median } from './robust.js';
import { shading } from './shading.js';

/** Samples a face spans at least (a halo of JPEG or H.264 ringing fades within a few). */
const MIN_SAMPLES = 6;
/** How far over the threshold a face stands (a faint ringing barely clears it). */
const OVER_THRESHOLD = 2;
/** Its colour distance stays within this ratio either way of its median: one colour, no fade. */
const FLAT_RATIO = 1.6;
/** Samples from the face's last one of its own colour to one under EDGE_FALL of it. */
const EDGE_SAMPLES = 3;
const EDGE_FALL = 0.25;

/**
 * Whether the samples upstream of `k` (the most downstream of three over the threshold, under `level`: the share of
 * the strongest difference behind that a front must reach) are the end of a face of the body: at least MIN_SAMPLES
 * of one colour, well over the threshold, not shade, ending in a sharp edge, with the body's strong part behind.
 */
export function faintFaceEndsAt(p: Profile, k: number, threshold: number, level: number): boolean {
  const { mag } = p;
  if (k < MIN_SAMPLES + 3) return false;
  // The face's own colour distance, just inside its edge; the face runs upstream as long as it keeps to it.
  const own = median([mag[k - 2] as number, mag[k - 3] as number, mag[k - 4] as number]);
  if (own > level) return false; // no faint face: the ramp of the strong part's own edge
  let u = k;
  while (u - 1 >= 0 && (mag[u - 1] as number) > threshold && (mag[u - 1] as number) <= FLAT_RATIO * own) u--;
  // Behind the face the body's strong part (past a seam as wide as an edge), not the background again.
  let behind = 0;
  for (let i = Math.max(0, u - EDGE_SAMPLES); i < u; i++) behind = Math.max(behind, mag[i] as number);
  if (u === 0 || !((mag[u - 1] as number) > FLAT_RATIO * own) || !(behind > level)) return false;
  // The end samples are mixtures (its seam with the strong part, and the two of its edge with the background, the
  // last of which is over the threshold): left out.
  const inner = Array.from(mag.subarray(u + 1, k - 1));
  if (inner.length < MIN_SAMPLES) return false;
  const m = median(inner);
  if (m < OVER_THRESHOLD * threshold || m > level || inner.some((v) => v > FLAT_RATIO * m || v < m / FLAT_RATIO)) return false;
  // Its edge as sharp as a body's: from the face's colour to next to none within EDGE_SAMPLES (a halo's tail lingers
  // about the threshold for several more).
  if (!((mag[Math.min(p.n - 1, k - 2 + EDGE_SAMPLES)] as number) < EDGE_FALL * m)) return false;
  // Shade darkens the background by one ratio and keeps its hue (front-profile.ts, hard-shadow.ts say which is).
  const shade = inner.filter((_, i) => {
    const s = shading(p, u + 1 + i);
    return s.beta < 1 && s.hueOff <= Math.max(threshold, 0.12 * s.beta * s.bgNorm);
  });
  return shade.length < inner.length / 2;
}
