/**
 * What the demo race shows: four stock cars at the line of a Kansas-style finish, filmed from above at 1000 fps.
 * Cars #5 and #17 are side by side and cross 0.000 988 6 s apart (about one frame interval), so the decision
 * needs the sub-frame reading; #24 and #48 follow. Drivers and teams are fictional.
 */
import type { Rgb } from './raster.js';

export interface DemoCar {
  id: string;
  name: string;
  team: string;
  lane: number;
  body: Rgb;
  roof: Rgb;
  numberColour: Rgb;
  /** Exact crossing time, decimal seconds (the ground truth). */
  crossS: string;
  /** Speed at the line, px per second, and a gentle lift-off deceleration (px/s²). */
  speed: number;
  decel: number;
}

export const DEMO = {
  width: 480,
  height: 270,
  fps: 1000,
  frames: 320,
  /** Exposure per frame: 1/2000 s, so a car at 1500 px/s smears 0.75 px. */
  shutterS: 0.0005,
  lineX: 320,
  laneTop: 42,
  laneHeight: 50,
  lanes: 4,
  carLength: 96,
  carWidth: 34,
  noiseSigma: 2.2,
  jpegQuality: 92,
  seed: 2024,
  name: 'Demo — Kansas-style finish',
} as const;

export const DEMO_CARS: readonly DemoCar[] = [
  { id: '24', name: 'Dana Whitfield', team: 'Ridgeline Motorsports', lane: 1, body: [30, 90, 200], roof: [235, 235, 235], numberColour: [20, 40, 120], crossS: '0.2097612', speed: 1468, decel: 150 },
  { id: '5', name: 'Kyle Marsh', team: 'Hollister Racing', lane: 2, body: [210, 36, 40], roof: [240, 240, 240], numberColour: [20, 20, 20], crossS: '0.2013527', speed: 1502, decel: 150 },
  { id: '17', name: 'Chris Bellamy', team: 'Summit Performance', lane: 3, body: [240, 196, 30], roof: [30, 30, 30], numberColour: [245, 245, 245], crossS: '0.2023413', speed: 1497, decel: 150 },
  { id: '48', name: 'Jamie Orton', team: 'Lakeshore Autosport', lane: 4, body: [40, 160, 80], roof: [245, 245, 245], numberColour: [10, 60, 30], crossS: '0.2241580', speed: 1431, decel: 150 },
];
