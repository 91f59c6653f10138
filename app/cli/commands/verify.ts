/** `photofinish verify`: "intact" (exit 0), or every finding (exit 1). Never changes the race. */
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { verifyRaceFolder } from '../../store/verify-race.js';
import { raceFolderOf } from '../../store/race-folder.js';

export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: 'Re-hash every source frame, the composite and the audit chain; print "intact" or every finding.',
  usage: [
    '  photofinish verify RACE',
    '',
    '  Exit 0 and "intact" when everything matches; exit 1 listing every finding (frame changed, file missing,',
    '  chain broken at entry N, document edited outside the app).',
  ].join('\n'),
  async run(argv, ctx) {
    const { positionals } = parseCommandArgs('verify', argv, {});
    // Read-only on purpose: opening the race through the service would repair an interrupted save first.
    const dir = await raceFolderOf(requirePositional(positionals, 0, 'RACE (a race folder)'));
    const report = await verifyRaceFolder(dir);
    if (report.intact) {
      ctx.io.out('intact');
      return 0;
    }
    for (const f of report.findings) ctx.io.out(f);
    return 1;
  },
};
