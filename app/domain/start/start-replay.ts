/**
 * Replaying the start actions of the audit log (`start.set`, `start.cleared`, `zero-control.attached`) into the
 * race document; ../race/replay.ts hands them here after parsing their payloads.
 */
import { canonicalJson } from '../audit/canonical.js';
import type { RaceDocument } from '../race/document.js';
import type { StartRecord, ZeroControlRecord } from './start-record.js';

/** Replay of the three start actions: the document after the entry (the payloads were parsed by the caller). */
export function applyStartChange(doc: RaceDocument, action: string, payload: Record<string, unknown>, fail: (reason: string) => never): void {
  if (action === 'start.set') doc.start = payload.start as StartRecord;
  else if (action === 'start.cleared') {
    if (canonicalJson(doc.start ?? null) !== canonicalJson(payload.before)) fail('clears a start that is not the race\'s');
    delete doc.start;
  } else if (action === 'zero-control.attached') doc.zeroControl = payload.zeroControl as ZeroControlRecord;
  else fail(`unhandled action "${action}"`);
}
