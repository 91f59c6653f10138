/**
 * A judge's own distance: horse racing's rules let the judge amend a finishing distance the scale computed (the
 * picture shows more than the clock: a horse eased, a head bobbing). Kept with its reason and the judge's name;
 * the result shows it in place of the computed one and says so.
 */
import { z } from 'zod';

export const distanceOverride = z.object({
  competitorId: z.string(),
  /** A name of the race's distance table ("short head", "1½"). */
  distance: z.string().min(1).max(40),
  reason: z.string().min(1).max(2000),
  by: z.string(),
  at: z.string(),
});
export type DistanceOverride = z.infer<typeof distanceOverride>;
