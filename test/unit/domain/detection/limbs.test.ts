/**
 * Limbs belong to their body: a leg that swings about its torso (seen by a slow camera over a good part of a stride,
 * or by a fast one as a speed of its own, or both part of the way) is a limb of it; two competitors side by side, rigid and a few percent
 * apart in speed, stay two, as do a limb-like pair far apart or on the line at other times.
 */
import { describe, expect, it } from 'vitest';
import { limbOfOneBody, relativeMotion, type LimbCandidate, type TrackPoint } from '../../../../app/domain/detection/limbs.js';

/** A track over `frames` frames at `fps`: position (px) at time t (s), with a displacement noise of `noise` px. */
function track(fps: number, frames: number, at: (t: number) => number, noise = 0.05): TrackPoint[] {
  return Array.from({ length: frames }, (_, k) => ({ t: 1 + k / fps, p: at(1 + k / fps), noise }));
}

function object(top: number, bottom: number, points: TrackPoint[], columns: [number, number] = [120, 131]): LimbCandidate {
  return { top, bottom, firstColumn: columns[0], lastColumn: columns[1], track: points };
}

describe('limbs', () => {
  it('takes legs swinging under a walker seen at 10 fps for a limb of the torso', () => {
    const torso = track(10, 13, (t) => 80 * t);
    const legs = track(10, 13, (t) => 80 * t + 7 * Math.sin((2 * Math.PI * t) / 0.8));
    expect(relativeMotion(torso, legs)!.swingPx).toBeGreaterThan(2);
    expect(limbOfOneBody(object(16, 48, torso), object(49, 82, legs), 12)).toBe(true);
  });

  it('takes a leg swinging forward under a sprinter seen at 1000 fps for a limb of the torso', () => {
    // 1.55 px a frame; the leg swings 7 px over 76 frames: over 13 frames nearly straight, 28 % faster than the body.
    const torso = track(1000, 13, (t) => 1550 * t);
    const legs = track(1000, 13, (t) => 1550 * t + 7 * Math.sin((2 * Math.PI * (t - 1)) / 0.076 - 0.3));
    expect(limbOfOneBody(object(89, 127, torso), object(137, 169, legs), 12)).toBe(true);
  });

  it('takes a leg that strays less than a pixel from the body, but several times its noise, for a limb', () => {
    // 250 fps, 6.3 px a frame; legs swinging 6 px over 50 frames, read over the 13 frames around the turn of their
    // swing: no speed of their own, and about 0.6 px RMS from any steady relative speed.
    const torso = track(250, 13, (t) => 1575 * t, 0.1);
    const legs = track(250, 13, (t) => 1575 * t + 6 * Math.cos((2 * Math.PI * (t - 1.024)) / 0.2), 0.1);
    const m = relativeMotion(torso, legs)!;
    expect(m.swingPx).toBeLessThan(1);
    expect(m.speedShare).toBeLessThan(0.15);
    expect(limbOfOneBody(object(91, 127, torso), object(128, 159, legs), 12)).toBe(true);
  });

  it('takes a leg for a limb when it both swings and has a speed of its own, each short of its threshold alone', () => {
    // 250 fps, 12.8 px a frame (a horse at half the rate above): the legs 13 % faster than the body over 13
    // frames, and swinging about that 0.4 px RMS against a noise of 0.3 px.
    const body = track(250, 13, (t) => 3200 * t, 0.22);
    const legs = track(250, 13, (t) => 3616 * t - 416 + 0.57 * Math.sin((2 * Math.PI * (t - 1)) / 0.024), 0.22);
    const m = relativeMotion(body, legs)!;
    expect(m.speedShare).toBeGreaterThan(0.1);
    expect(m.speedShare).toBeLessThan(0.15);
    expect(m.swingPx).toBeLessThan(2 * m.noisePx);
    expect(limbOfOneBody(object(10, 50, body), object(51, 69, legs), 4)).toBe(true);
  });

  it('keeps two competitors side by side apart: rigid, a few percent apart in speed', () => {
    const a = track(1000, 13, (t) => 1600 * t);
    const b = track(1000, 13, (t) => 1550 * t + 3);
    expect(limbOfOneBody(object(0, 77, a), object(89, 127, b), 12)).toBe(false);
    const slow = track(10, 13, (t) => 80 * t);
    const slower = track(10, 13, (t) => 76 * t);
    expect(limbOfOneBody(object(40, 64, slow), object(65, 92, slower), 12)).toBe(false);
  });

  it('keeps apart a swinging object far from the body or on the line at other times', () => {
    const torso = track(10, 13, (t) => 80 * t);
    const legs = track(10, 13, (t) => 80 * t + 7 * Math.sin((2 * Math.PI * t) / 0.8));
    expect(limbOfOneBody(object(16, 48, torso), object(70, 100, legs), 12)).toBe(false);
    expect(limbOfOneBody(object(16, 48, torso, [12, 14]), object(49, 82, legs, [18, 21]), 12)).toBe(false);
  });
});
