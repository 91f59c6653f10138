/**
 * Hairline colours: the competitor's own (from the start list), else a distinct colour by start-list order. The
 * fallback avoids the plain reds, blues, yellows and greens of cars and kits, so a hairline is never mistaken for
 * the colour of a different competitor's body.
 */
import type { Competitor } from '../../../app/domain/race/document.js';

const PALETTE = ['#ff3df2', '#00e5ff', '#ff9100', '#b388ff', '#c6ff00', '#ff80ab', '#64ffda', '#ffab40', '#ea80fc', '#84ffff'];

export function competitorColour(c: Competitor, index: number): string {
  return c.colour ?? (PALETTE[index % PALETTE.length] as string);
}
