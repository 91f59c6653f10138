import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../app/domain/audit/canonical.js';
import { checkChain, type AuditEntry } from '../../../../app/domain/audit/chain.js';
import * as commands from '../../../../app/domain/race/commands/index.js';
import { RaceLog, sha256 } from '../../../helpers/race-log.js';

const times = Array.from({ length: 10 }, (_, c) => BigInt(c) * 1_000_000n);
/** A tiny in-memory race (two competitors, A and B): every command goes through the store's seal-and-replay path. */
class Log extends RaceLog {
  constructor() {
    super(times);
  }
  mark(id: string, milliColumn: number): this {
    return this.markMilli(id, milliColumn);
  }
}

describe('canonical JSON', () => {
  it('is independent of key order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: undefined, e: null } })).toBe('{"a":{"d":[1,"x"],"e":null},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
  it('refuses what JSON cannot carry exactly', () => {
    expect(() => canonicalJson({ t: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
  });
});

describe('hash chain', () => {
  it('links every entry to the one before and catches reordering and edits', () => {
    const log = new Log().mark('A', 1000).mark('B', 2000);
    expect(checkChain(log.entries, sha256).brokenAt).toBeNull();
    const swapped = [log.entries[0], log.entries[2], log.entries[1]] as AuditEntry[];
    expect(checkChain(swapped, sha256).brokenAt).toEqual({ seq: 2, reason: 'sequence number 3 where 2 was expected' });
    const edited = log.entries.map((e) => ({ ...e }));
    (edited[2] as AuditEntry).actor = 'Mallory';
    expect(checkChain(edited, sha256)).toMatchObject({ valid: edited.slice(0, 2), brokenAt: { seq: 3, reason: 'entry content does not match its hash (edited)' } });
  });
});

describe('replay', () => {
  it('rebuilds marks, undo and redo stacks from the log alone', () => {
    const log = new Log().mark('A', 1000).mark('A', 3000).mark('B', 2000);
    log.push(commands.undo(log.state)).push(commands.undo(log.state));
    let s = log.state;
    expect(s.doc.marks.map((m) => [m.competitorId, m.position])).toEqual([['A', { kind: 'column', milliColumn: 1000 }]]);
    expect([s.undo, s.redo]).toEqual([[2], [4, 3]]);
    log.push(commands.redo(log.state));
    s = log.state;
    expect(s.doc.marks.find((m) => m.competitorId === 'A')?.position).toEqual({ kind: 'column', milliColumn: 3000 });
    expect(s.doc.audit).toEqual({ head: log.entries[6]?.hash, count: 7 });
  });

  it('refuses a well-hashed log whose entries do not follow from each other', () => {
    const log = new Log().mark('A', 1000).mark('B', 2000);
    // An "undo" of entry 2 while entry 3 is the last change: hashes fine, history impossible.
    log.push({ action: 'undo', payload: { undoes: 2, change: { slice: 'mark', competitorId: 'A', before: log.state.doc.marks[0], after: null } } });
    expect(() => log.state).toThrow('audit entry 4: undoes entry 2, which is not the last undoable change');
    const stale = new Log().mark('A', 1000);
    stale.push({ action: 'mark.placed', payload: { change: { slice: 'mark', competitorId: 'A', before: null, after: stale.state.doc.marks[0] } } });
    expect(() => stale.state).toThrow('audit entry 3: mark of A is not what the entry expects');
  });

  it('freezes a certified race, and amendment opens the next revision', () => {
    const log = new Log().mark('A', 1000);
    log.push(commands.certify(log.state, { official: 'Jane', role: 'Chief photo-finish judge', at: 'now', manifestSha256: 'm', resultsSha256: 'r', resultsRules: 2 }));
    expect(log.state.doc.certified).toMatchObject({ revision: 1, auditHead: log.entries[1]?.hash });
    expect(() => commands.placeMark(log.state, times, { competitorId: 'B', position: { kind: 'column', milliColumn: 1 }, origin: 'image', by: 'J', at: 'now' })).toThrow(
      'cannot mark competitor B: the race is certified (revision 1, by Jane); amend it first',
    );
    // Even a hand-made entry cannot get past the replay.
    const forged = new Log();
    forged.entries = [...log.entries];
    forged.push({ action: 'mark.removed', payload: { change: { slice: 'mark', competitorId: 'A', before: log.state.doc.marks[0], after: null } } });
    expect(() => forged.state).toThrow('audit entry 4: "mark.removed" on a certified race');
    log.push(commands.amend(log.state, 'Referee', 'Protest', 'later'));
    expect([log.state.doc.revision, log.state.doc.certified, log.state.doc.certifications.length]).toEqual([2, undefined, 1]);
    expect(() => commands.amend(log.state, 'R', 'again', 'x')).toThrow(/only a certified race can be amended/);
  });

  it('dead heats replace earlier rulings for the same competitors and can be undone', () => {
    const log = new Log().mark('A', 1000).mark('B', 1000);
    log.push(commands.declareDeadHeat(log.state, times, ['A', 'B', 'A'], 'Ref', 'now'));
    expect(log.state.doc.deadHeats).toEqual([{ competitors: ['A', 'B'], by: 'Ref', at: 'now' }]);
    expect(() => commands.declareDeadHeat(log.state, times, ['A', 'A'], 'Ref', 'now')).toThrow('a dead heat needs at least two different competitors');
    log.push(commands.undo(log.state));
    expect(log.state.doc.deadHeats).toEqual([]);
  });
});
