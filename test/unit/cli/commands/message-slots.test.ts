/** The CLI's own messages with their values missing: no empty slot, no double space (issue 20). */
import { describe, expect, it } from 'vitest';
import type { LeanRaceView } from '../../../../app/api/types.js';
import { printWithdrawnDeadHeats } from '../../../../app/cli/commands/race-command.js';
import type { CliContext } from '../../../../app/cli/command.js';
import { expectFilled } from '../../../helpers/message-slots.js';

describe('CLI messages with missing values', () => {
  it('a withdrawn dead heat with nobody named and no reason', () => {
    const out: string[] = [];
    const ctx = { io: { out: (t: string) => out.push(t), err: () => undefined } } as unknown as CliContext;
    const before = { withdrawnDeadHeats: [] } as unknown as LeanRaceView;
    const after = { withdrawnDeadHeats: [{ competitors: ['3', '5'], declaredBy: '', declaredAt: '', by: '', at: '', reason: '' }] } as unknown as LeanRaceView;
    printWithdrawnDeadHeats(ctx, before, after);
    expect(out).toEqual(['  dead heat #3 and #5 withdrawn by an official']);
    for (const line of out) expectFilled(line.trim());
  });
});
