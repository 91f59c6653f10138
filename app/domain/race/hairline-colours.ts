/**
 * The one palette of hairline colours, for the screen and the paper alike (the sheet's image, its close-ups and the
 * annotated PNG print what the viewer shows): a competitor's own colour from the start list, else one by start-list
 * order. The colours avoid the plain reds, blues, yellows and greens of cars and kits, so a hairline is never taken
 * for the colour of another competitor's body, and each is drawn over a dark halo, so it reads on any part of a photo.
 */
export const HAIRLINE_PALETTE = ['#ff3df2', '#00e5ff', '#ff9100', '#b388ff', '#c6ff00', '#ff80ab', '#64ffda', '#ffab40', '#ea80fc', '#84ffff'] as const;

/** The colour of the competitor at `index` in the start list (its own `colour` when it has one). */
export function hairlineColourOf(c: { colour?: string | undefined } | undefined, index: number): string {
  return c?.colour ?? (HAIRLINE_PALETTE[Math.max(0, index) % HAIRLINE_PALETTE.length] as string);
}
