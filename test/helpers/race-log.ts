/**
 * A race as an in-memory audit log for domain tests: every command goes through the same seal-and-replay path as the
 * store. Entry n is stamped `t<n>`; marks are placed by 'J'.
 */
import { sealEntry, type AuditEntry } from '../../app/domain/audit/chain.js';
import * as commands from '../../app/domain/race/commands/index.js';
import type { RaceCreatedPayload } from '../../app/domain/race/changes.js';
import type { Competitor, Mark, RaceDocument, SportSettings } from '../../app/domain/race/document.js';
import { replayLog, type RaceState } from '../../app/domain/race/replay.js';
import { computeResults } from '../../app/domain/results/compute-results.js';
import { sha256Text as sha256 } from '../../app/store/sha256.js';

/** The store's own hashing, so these logs chain exactly as a race folder's do. */
export { sha256 };

export class RaceLog {
  entries: AuditEntry[];

  constructor(
    readonly times: readonly bigint[],
    opts: { sport?: SportSettings; competitors?: Competitor[] } = {},
  ) {
    const created: RaceCreatedPayload = {
      schemaVersion: 1,
      id: 'r',
      createdAt: 'then',
      meta: { name: 'Heat' },
      evidence: { manifestPath: 'evidence/manifest.json', manifestSha256: 'm' },
      settings: { sport: opts.sport ?? { sport: 'motorsport' }, direction: 'ltr' },
      competitors: opts.competitors ?? [
        { id: 'A', name: 'Ann' },
        { id: 'B', name: 'Bo' },
      ],
    };
    this.entries = [sealEntry(null, { at: 't0', actor: 'builder', action: 'race.created', payload: created }, sha256)];
  }

  get state(): RaceState {
    return replayLog(this.entries);
  }

  get doc(): RaceDocument {
    return this.state.doc;
  }

  push(change: { action: string; payload: unknown }, actor = 'J'): this {
    this.entries.push(sealEntry(this.entries[this.entries.length - 1] ?? null, { at: `t${this.entries.length}`, actor, ...change }, sha256));
    return this;
  }

  /** A mark at `milliColumn` thousandths of a column. */
  markMilli(id: string, milliColumn: number, origin: Mark['origin'] = 'image', at = 'now'): this {
    return this.push(commands.placeMark(this.state, this.times, { competitorId: id, position: { kind: 'column', milliColumn }, origin, by: 'J', at }));
  }

  /** A mark at a time (typed, hand, or read off the image). */
  time(id: string, ns: bigint, origin: Mark['origin']): this {
    return this.push(commands.placeMark(this.state, this.times, { competitorId: id, position: { kind: 'time', ns: ns.toString() }, origin, by: 'J', at: 'now' }));
  }

  results(rate?: number) {
    return computeResults({ doc: this.doc, times: this.times, gaps: [], ...(rate !== undefined ? { rate } : {}) });
  }
}
