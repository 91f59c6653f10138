/** Where a scheduled race stands, as `photofinish meet races` and the Meet screen show it. */
import type { RaceDocument } from '../race/document.js';

export const MEET_RACE_STATES = ['scheduled', 'built', 'marked', 'certified', 'amended'] as const;
export type MeetRaceState = (typeof MEET_RACE_STATES)[number];

/**
 * `scheduled`: no race yet; `built`: a race without a mark or status; `marked`: at least one; `certified`: frozen;
 * `amended`: reopened after a certification and not certified again.
 */
export function meetRaceState(doc: Pick<RaceDocument, 'marks' | 'statuses' | 'certified' | 'amendments'> | null): MeetRaceState {
  if (!doc) return 'scheduled';
  if (doc.certified) return 'certified';
  if (doc.amendments.length > 0) return 'amended';
  return doc.marks.length > 0 || (doc.statuses ?? []).length > 0 ? 'marked' : 'built';
}
