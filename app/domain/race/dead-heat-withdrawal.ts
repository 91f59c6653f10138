/**
 * A dead heat that no longer stands: withdrawn by an official, or because the marks that supported it moved, were
 * removed, or one of its competitors was disqualified. Kept in the race so the result says what happened to it.
 */
import { z } from 'zod';

export const withdrawnDeadHeat = z.object({
  competitors: z.array(z.string()).min(2),
  declaredBy: z.string(),
  declaredAt: z.string(),
  /** Who withdrew it: the official, or the one whose change made the marks stop supporting it. */
  by: z.string(),
  at: z.string(),
  reason: z.string().max(2000),
});
export type WithdrawnDeadHeat = z.infer<typeof withdrawnDeadHeat>;
