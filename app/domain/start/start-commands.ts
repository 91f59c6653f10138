/**
 * Setting, changing and clearing a race's time zero, and attaching a zero-control test: each an audited change
 * (see ../race/commands.ts for the pattern), refused once the race is certified (amend it first). Marks are
 * positions on the picture, so changing the start re-times every one of them, exactly, with nothing rewritten;
 * typed marks are race times keyed in and keep their value.
 */
import { UserError } from '../errors.js';
import type { Change } from '../race/commands/index.js';
import { refuseIfCertified } from '../race/commands/guards.js';
import type { RaceState } from '../race/replay.js';
import type { StartRecord, ZeroControlRecord } from './start-record.js';

export function setStart(state: RaceState, start: StartRecord): Change<'start.set'> {
  refuseIfCertified(state.doc, 'change the start');
  return { action: 'start.set', payload: { start } };
}

export function clearStart(state: RaceState): Change<'start.cleared'> {
  refuseIfCertified(state.doc, 'clear the start');
  const before = state.doc.start;
  if (!before) throw new UserError('the race has no time zero to clear (its times are on the footage clock)', 'CONFLICT');
  return { action: 'start.cleared', payload: { before } };
}

export function attachZeroControl(state: RaceState, zeroControl: ZeroControlRecord): Change<'zero-control.attached'> {
  refuseIfCertified(state.doc, 'attach a zero-control report');
  return { action: 'zero-control.attached', payload: { zeroControl } };
}
