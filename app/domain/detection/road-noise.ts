/**
 * How much the frames' background pixels differ from the still background on an object's rows: the noise a fit's
 * threshold must clear there. The composite's row thresholds measure it on the line's own pixels, which a chequered
 * line (JPEG rings at every square's edge) and lane lines make noisy; a fit reads the road either side of the line,
 * where a body the colour of the road (a mirror-like one) still stands out from the road's own noise.
 */
import type { FrameAt, RgbImage } from './front-fit.js';
import { profileBuffers, profileOf } from './front-profile.js';
import type { LineGeometry } from './line-crossing.js';
import { median, medianInPlace } from './robust.js';

/**
 * The noise of across-coordinates a0..a1: the median over those rows of each row's median colour distance from the
 * background, over its pixels in the band (`window` either side of the line) in frames spread through the recording.
 * An object in view in some of them covers a minority of a row's pixels, so the median is the road's. Null when no
 * row could be read.
 */
export function noiseOfRows(frames: readonly FrameAt[], background: RgbImage, geometry: LineGeometry, across: readonly [number, number], window: number): number | null {
  const rows: number[] = [];
  const buffers = profileBuffers(window);
  for (let a = Math.ceil(across[0]); a <= Math.floor(across[1]); a++) {
    const values: number[] = [];
    for (const f of frames) {
      const prof = profileOf(f, background, geometry.motionAxis, a, geometry.lineAt(a), 1, window, buffers);
      if (prof) for (let k = 0; k < prof.n; k++) values.push(prof.mag[k] as number);
    }
    if (values.length) rows.push(medianInPlace(values));
  }
  return rows.length ? median(rows) : null;
}
