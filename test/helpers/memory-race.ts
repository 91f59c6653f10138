/**
 * A race held in memory as its audit log, for domain tests: every command goes through the same seal-and-replay
 * path as the store (a change is checked against the state the log proves, sealed, appended, replayed).
 */
import { createHash } from 'node:crypto';
import { sealEntry, type AuditEntry } from '../../app/domain/audit/chain.js';
import * as commands from '../../app/domain/race/commands.js';
import type { RaceCreatedPayload } from '../../app/domain/race/changes.js';
import type { Competitor, SportName } from '../../app/domain/race/document.js';
import { replayLog, type RaceState } from '../../app/domain/race/replay.js';

export const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

export function createdPayload(sport: SportName, competitors: Competitor[]): RaceCreatedPayload {
  return {
    schemaVersion: 1,
    id: 'r',
    createdAt: 'then',
    meta: { name: 'Heat' },
    evidence: { manifestPath: 'evidence/manifest.json', manifestSha256: 'm' },
    settings: { sport: { sport }, direction: 'ltr' },
    competitors,
  };
}

export class MemoryRace {
  entries: AuditEntry[];
  constructor(
    created: RaceCreatedPayload,
    readonly times: readonly bigint[],
  ) {
    this.entries = [sealEntry(null, { at: 't0', actor: 'builder', action: 'race.created', payload: created }, sha256)];
  }
  get state(): RaceState {
    return replayLog(this.entries);
  }
  push(change: { action: string; payload: unknown }, actor = 'J'): this {
    this.entries.push(sealEntry(this.entries[this.entries.length - 1] ?? null, { at: `t${this.entries.length}`, actor, ...change }, sha256));
    return this;
  }
  mark(id: string, milliColumn: number): this {
    return this.push(commands.placeMark(this.state, this.times, { competitorId: id, position: { kind: 'column', milliColumn }, origin: 'image', by: 'J', at: 'now' }));
  }
}
