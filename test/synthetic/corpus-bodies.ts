/**
 * The bodies and scenes the evaluation corpus (corpus.ts, corpus-low-fps.ts) draws: colours, people, cyclists,
 * horses and cars with windows and liveries, each placed by its crossing frame and speed.
 */
import type { Rgb } from '../../app/demo/raster.js';
import type { SyntheticCar, SyntheticScenario } from './synthetic-race.js';
import type { SyntheticPart } from './synthetic-scene.js';

export const WHITE: Rgb = [238, 238, 238];
export const DARK_GLASS: Rgb = [30, 34, 44];
export const BLACK: Rgb = [20, 20, 22];
export const RED: Rgb = [205, 40, 44];
export const BLUE: Rgb = [36, 92, 204];
export const YELLOW: Rgb = [236, 192, 36];
/** A polished body shows the road and sky: close to the asphalt's grey, with a bright band of sky across it. */
export const MIRROR: Rgb = [86, 88, 94];
export const SKY: Rgb = [206, 212, 224];
export const SKIN: Rgb = [196, 150, 120];
export const KIT: Rgb[] = [[40, 60, 170], [200, 40, 40], [240, 240, 240], [30, 30, 30]];
export const BAY: Rgb = [122, 74, 42];
export const DARK_LEG: Rgb = [60, 40, 26];

/** Frames enough for every body to come in, cross and leave background on most columns. */
export function framesFor(fps: number, cars: SyntheticCar[]): number {
  const last = Math.max(...cars.map((c) => c.crossFrame + (c.length ?? 64) / c.speed));
  return Math.min(480, Math.ceil(Math.max(last * 1.6, 30)));
}

export function scene(s: Omit<SyntheticScenario, 'frames' | 'length' | 'breadth' | 'direction' | 'shutter' | 'format' | 'lineAt'> & Partial<SyntheticScenario>): SyntheticScenario {
  return { length: 320, breadth: 180, direction: 'left-to-right', shutter: 0.5, format: 'jpeg', lineAt: 200, frames: framesFor(s.fps, s.cars), ...s };
}

export const swing = (amp: number, periodFrames: number, phase: number) => ({ amp, periodFrames, phase });

/**
 * A person seen from the side: the torso is the body (its front is the body's nose), head above it, two arms and
 * two legs swinging in opposite phase, `stride` frames per step. About 76 px tall from `top`.
 */
export function person(id: string, top: number, crossFrame: number, speed: number, stride: number, kit: Rgb, phase = 0, scale = 1): SyntheticCar {
  const limbs: SyntheticPart[] = [
    { top: -11, width: 10, length: 9, lead: -3, colour: SKIN, noseRound: 3 },
    { top: 4, width: 22, length: 4, lead: -5, swing: swing(5, 2 * stride, phase), colour: SKIN },
    { top: 4, width: 22, length: 4, lead: -5, swing: swing(5, 2 * stride, phase + Math.PI), colour: SKIN },
    { top: 34, width: 32, length: 6, lead: -4, swing: swing(7, 2 * stride, phase + Math.PI), colour: kit },
    { top: 34, width: 32, length: 6, lead: -4, swing: swing(7, 2 * stride, phase), colour: kit },
  ];
  return scaled({ id, top, width: 34, length: 14, noseRound: 3, crossFrame, speed, body: kit, roof: kit, glass: kit, parts: limbs }, scale);
}

/** A cyclist from the side: the frame is the body, wheels below it (the front wheel leads), rider above, pedalling legs. */
export function cyclist(id: string, top: number, crossFrame: number, speed: number, cadence: number, kit: Rgb, scale = 1): SyntheticCar {
  const wheel = (lead: number): SyntheticPart => ({ top: 6, width: 24, length: 24, lead, colour: [34, 34, 36], noseRound: 10 });
  return scaled({
    id, top: top + 24, width: 8, length: 40, noseRound: 1, crossFrame, speed, body: [150, 150, 156], roof: [150, 150, 156], glass: [150, 150, 156],
    parts: [
      wheel(4),
      wheel(-32),
      { top: -26, width: 26, length: 12, lead: -14, colour: kit, noseRound: 3 },
      { top: -34, width: 9, length: 9, lead: -6, colour: SKIN, noseRound: 3 },
      { top: -2, width: 16, length: 5, lead: -18, swing: swing(5, cadence, 0), colour: kit },
      { top: -2, width: 16, length: 5, lead: -18, swing: swing(5, cadence, Math.PI), colour: kit },
    ],
  }, scale);
}

/** A horse from the side: the barrel is the body, neck and head ahead of it, four legs swinging at the gallop. */
export function horse(id: string, top: number, crossFrame: number, speed: number, stride: number, coat: Rgb): SyntheticCar {
  const leg = (lead: number, phase: number): SyntheticPart => ({ top: 26, width: 28, length: 5, lead, swing: swing(8, stride, phase), colour: DARK_LEG });
  return {
    id, top: top + 12, width: 26, length: 70, noseRound: 6, crossFrame, speed, body: coat, roof: coat, glass: coat,
    parts: [
      { top: -12, width: 16, length: 20, lead: 12, swing: swing(2, stride, 0.5), colour: coat, noseRound: 5 },
      leg(-8, 0), leg(-14, Math.PI * 0.4), leg(-54, Math.PI), leg(-60, Math.PI * 1.4),
    ],
  };
}

/** A car in one colour with dark windows and a roof of the same colour (white cars split in three before). */
export function car(id: string, top: number, crossFrame: number, speed: number, body: Rgb, extra: Partial<SyntheticCar> = {}): SyntheticCar {
  return { id, top, crossFrame, speed, body, roof: body, glass: DARK_GLASS, ...extra };
}

/** Stripes across and along a car's body (a livery): thin parts in another colour. */
export function livery(colour: Rgb, width: number, length: number): SyntheticPart[] {
  return [
    { top: width * 0.4, width: width * 0.2, length: length - 8, lead: -4, colour, noseRound: 0 },
    { top: 0, width, length: 4, lead: -0.2 * length, colour, noseRound: 0 },
    { top: 0, width, length: 4, lead: -0.55 * length, colour, noseRound: 0 },
  ];
}

/**
 * A body drawn `scale` times its size across and along the motion (its `top` stays where it is): the same walker or
 * cyclist seen from further away, a few pixels across, as on a small frame. Scale 1 is the body as drawn.
 */
function scaled(body: SyntheticCar, scale: number): SyntheticCar {
  if (scale === 1) return body;
  const part = (p: SyntheticPart): SyntheticPart => ({
    ...p,
    top: p.top * scale,
    width: p.width * scale,
    length: p.length * scale,
    lead: p.lead * scale,
    ...(p.noseRound !== undefined ? { noseRound: p.noseRound * scale } : {}),
    ...(p.swing ? { swing: { ...p.swing, amp: p.swing.amp * scale } } : {}),
  });
  return {
    ...body,
    width: (body.width ?? 26) * scale,
    length: (body.length ?? 64) * scale,
    noseRound: (body.noseRound ?? 4) * scale,
    parts: body.parts?.map(part),
  };
}
