/**
 * Competitors who take no place: DNS (did not start), DNF (did not finish), DQ (disqualified, with the rule). A
 * DNS or DNF has no mark while the status stands; a DQ after finishing keeps its mark and time for the record but
 * loses the place. FinishLynx writes these words in the place column, and so does every export here.
 */
import { z } from 'zod';

export const statusName = z.enum(['DNS', 'DNF', 'DQ']);
export type StatusName = z.infer<typeof statusName>;

export const competitorStatus = z.object({
  competitorId: z.string(),
  status: statusName,
  /** DQ: the rule broken ("TR 17.3.1"). */
  rule: z.string().max(200).optional(),
  reason: z.string().max(2000).optional(),
  by: z.string(),
  at: z.string(),
});
export type CompetitorStatus = z.infer<typeof competitorStatus>;

/** What the status words mean, for notes and help. */
export const STATUS_MEANING: Record<StatusName, string> = {
  DNS: 'did not start',
  DNF: 'did not finish',
  DQ: 'disqualified',
};
