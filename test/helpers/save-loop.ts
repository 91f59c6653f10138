/**
 * Child process for the crash test: commits mark changes to a race as fast as it can, printing the audit count
 * after each committed change, until it is killed. Usage: node --import tsx save-loop.ts RACE_DIR
 */
import { placeMark } from '../../app/domain/race/commands/index.js';
import { commitChange } from '../../app/store/race-store.js';
import { defaultTimes } from './race-fixture.js';

const dir = process.argv[2] as string;
const times = defaultTimes();
for (let i = 0; ; i++) {
  const id = String((i % 4) + 1);
  const state = await commitChange(dir, (s) => ({
    actor: 'Loop',
    ...placeMark(s, times, { competitorId: id, position: { kind: 'column', milliColumn: (i * 37) % 9000 }, origin: 'image', by: 'Loop', at: new Date().toISOString() }),
  }));
  process.stdout.write(`${state.doc.audit.count}\n`);
}
