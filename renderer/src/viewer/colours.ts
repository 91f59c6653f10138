/**
 * Every colour the viewer paints, in one place. The viewer stays dark in both themes: pictures are judged against a
 * neutral dark surround, and overlays must read on any part of a photo (hence the dark halos under light lines).
 *
 * Hairline colours: the competitor's own (from the start list), else a distinct colour by start-list order. The
 * fallback avoids the plain reds, blues, yellows and greens of cars and kits, so a hairline is never mistaken for
 * the colour of a different competitor's body.
 */
import type { Competitor } from '../../../app/domain/race/document.js';
import { hairlineColourOf } from '../../../app/domain/race/hairline-colours.js';

/** The sheet's colours too (domain/race/hairline-colours.ts). */
export function competitorColour(c: Competitor, index: number): string {
  return hairlineColourOf(c, index);
}

/** A mark whose competitor is no longer in the start list. */
export const UNKNOWN_COMPETITOR = '#ffffff';

export const VIEWER = {
  /** Behind the tiles, where none is decoded yet. */
  background: '#111',
  /** Outside the race, so its ends are obvious. */
  outsideRace: '#2a2d33',
  gapShade: 'rgba(255, 140, 0, 0.28)',
  gapTick: 'rgba(255, 140, 0, 0.95)',
  gapInk: '#000',
  markHalo: 'rgba(0,0,0,0.7)',
  /** Outline of the selected mark's label. */
  selectedOutline: '#ffffff',
  pointerHalo: 'rgba(0,0,0,0.55)',
  pointer: '#ffffff',
  pointerInk: '#000000',
  ghostBracketHalo: 'rgba(0, 0, 0, 0.6)',
  ghostLabelBackground: 'rgba(0, 20, 30, 0.78)',
  rulerBackground: '#1c1f24',
  rulerInk: '#e6e6e6',
  /** F-key trigger marks on the ruler (a colour no overlay on the picture uses). */
  trigger: '#ffd60a',
  triggerInk: '#000000',
} as const;

/** Suggested-edge ("ghost") cyan at an opacity: faint where a real mark already sits on it. */
export function ghost(alpha: number): string {
  return `rgba(120, 220, 255, ${alpha})`;
}

/** Black or white text on a colour, whichever reads better. */
export function pickInk(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#000';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h as string, 16) / 255) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.5 ? '#000000' : '#ffffff';
}

/** The finish line drawn over a source frame in the inspector (the same red as the set-up screen's line). */
export const FINISH_LINE = { line: '#ff3b3b', halo: 'black' } as const;
