/**
 * The start list a meet's input files give a race, and what applying it would do: lynx.evt's competitor lines
 * filled from lynx.ppl where the entry leaves the name or affiliation out; a new list that would leave out a
 * competitor who already has a mark or a status is never applied (the official decides), and an unchanged one is
 * not recorded again.
 */
import type { Competitor, RaceDocument } from '../race/document.js';

/** lynx.evt's competitors, each completed from lynx.ppl (by ID) where the entry itself is silent. */
export function meetStartList(entries: readonly Competitor[], people: readonly Competitor[] | null): Competitor[] {
  const byId = new Map((people ?? []).map((p) => [p.id, p]));
  return entries.map((c) => {
    const p = byId.get(c.id);
    if (!p) return { ...c };
    const out: Competitor = { ...c };
    if (!c.firstName && !c.lastName && !c.name) {
      out.name = p.name;
      if (p.firstName) out.firstName = p.firstName;
      if (p.lastName) out.lastName = p.lastName;
    }
    if (!c.team && p.team) out.team = p.team;
    return out;
  });
}

export interface StartListDrop {
  competitor: string;
  /** What the competitor has that the new list would orphan. */
  has: 'mark' | 'status';
}

/** Competitors with a mark or a status that `next` leaves out. */
export function startListDrops(doc: Pick<RaceDocument, 'marks' | 'statuses'>, next: readonly Competitor[]): StartListDrop[] {
  const kept = new Set(next.map((c) => c.id));
  const drops: StartListDrop[] = [];
  for (const m of doc.marks) if (!kept.has(m.competitorId)) drops.push({ competitor: m.competitorId, has: 'mark' });
  for (const s of doc.statuses ?? []) {
    if (!kept.has(s.competitorId) && !drops.some((d) => d.competitor === s.competitorId)) drops.push({ competitor: s.competitorId, has: 'status' });
  }
  return drops;
}

/** Same competitors with the same fields in the same order: nothing to record. */
export function sameStartList(a: readonly Competitor[], b: readonly Competitor[]): boolean {
  const norm = (c: Competitor) => JSON.stringify(Object.entries(c).filter(([k, v]) => k !== 'colour' && v !== undefined && v !== '').sort(([x], [y]) => x.localeCompare(y)));
  return a.length === b.length && a.every((c, i) => norm(c) === norm(b[i] as Competitor));
}

export type StartListDecision = { kind: 'same' } | { kind: 'certified' } | { kind: 'refused'; drops: StartListDrop[] } | { kind: 'apply' };

/** What the meet's start list `next` does to a race: nothing, nothing (certified), refused (drops), or applied. */
export function decideStartList(doc: Pick<RaceDocument, 'marks' | 'statuses' | 'certified' | 'competitors'>, next: readonly Competitor[]): StartListDecision {
  if (sameStartList(doc.competitors, next)) return { kind: 'same' };
  if (doc.certified) return { kind: 'certified' };
  const drops = startListDrops(doc, next);
  return drops.length ? { kind: 'refused', drops } : { kind: 'apply' };
}
