/** `photofinish verify`: "intact" (exit 0), or every finding (exit 1). Never changes the race. */
import { UserError } from '../../domain/errors.js';
import { raceFolderOf } from '../../store/race-folder.js';
import { verifyRaceFolder } from '../../store/verify-race.js';
import { zeroControlFindings } from '../../service/zero-control-verify.js';
import { installationTrust } from '../../service/race-trust.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';

const WHOSE = { own: "this installation's key", retired: "a retired key of this installation" } as const;

export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: 'Re-hash every source frame, the composite, its tiles and the audit chain; check the certification signatures.',
  usage: [
    '  photofinish verify RACE [--head HASH]',
    '',
    '  --head HASH   the audit head printed on an earlier result sheet: the chain must still hold it unchanged',
    '',
    '  Exit 0 and "intact" when everything matches, then the key that signed each certification; exit 1 listing',
    '  every finding (frame or tile changed, file missing, chain broken at entry N, document edited outside the',
    '  app, a certification whose signature does not match or is by a key this installation does not trust (see',
    '  photofinish keys), a race rolled back behind what this installation\'s ledger recorded, an audit head the',
    '  chain no longer holds).',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('verify', argv, { head: { type: 'string' } });
    const head = values.head?.trim();
    if (head !== undefined && !/^[0-9a-fA-F]{12,64}$/.test(head)) {
      throw new UserError(`--head must be an audit head from a result sheet (12 to 64 hex digits), got "${values.head}"`, 'INVALID_ARGUMENT');
    }
    // Read-only on purpose: opening the race through the service would repair an interrupted save first.
    const dir = await raceFolderOf(requirePositional(positionals, 0, 'RACE (a race folder)'));
    const report = await verifyRaceFolder(dir, { ...(await installationTrust(ctx.running.context)), ...(head ? { head } : {}) });
    // The zero-control test is evidence too: its recording is checked and its offset found again.
    const zeroControl = await zeroControlFindings(dir);
    if (zeroControl.length) Object.assign(report, { intact: false, findings: [...report.findings, ...zeroControl] });
    if (report.intact) ctx.io.out('intact');
    else for (const f of report.findings) ctx.io.out(f);
    for (const s of report.signatures ?? []) {
      if (!s.trusted) continue; // named among the findings
      const whose = s.trustedAs === 'trusted' ? `a key trusted on purpose, added by ${s.trustedBy}` : WHOSE[s.trustedAs ?? 'own'];
      ctx.io.out(`revision ${s.revision}: certified by ${s.official}, signed by key ${s.keyId} (${whose})`);
    }
    if (report.head?.seq != null) ctx.io.out(`audit head ${report.head.given}: entry ${report.head.seq} of the chain, unchanged`);
    return report.intact ? 0 : 1;
  },
};
