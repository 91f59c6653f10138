/** `photofinish status`: records that a competitor did not start, did not finish or was disqualified (or clears it). */
import { UserError } from '../../domain/errors.js';
import { STATUS_MEANING } from '../../domain/race/status.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg, printWithdrawnDeadHeats } from './race-command.js';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Record a competitor as DNS, DNF or DQ (with the rule), or clear it: nobody goes missing from a result.',
  usage: [
    '  photofinish status RACE --competitor ID (--dns | --dnf | --dq [--rule TEXT]) [--reason TEXT] --by NAME',
    '  photofinish status RACE --competitor ID --clear --by NAME',
    '',
    '  --dns, --dnf   did not start, did not finish: refused while the competitor has a mark (unmark first)',
    '  --dq           disqualified: a competitor who finished keeps the mark and time for the record, not the place',
    '  --rule TEXT    with --dq: the rule broken ("TR 17.3.1")',
    '  --by NAME      the official who decided (required)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('status', argv, {
      competitor: { type: 'string' },
      dns: { type: 'boolean' },
      dnf: { type: 'boolean' },
      dq: { type: 'boolean' },
      clear: { type: 'boolean' },
      rule: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
    });
    if (!values.competitor?.trim()) throw new UserError('--competitor ID is required', 'INVALID_ARGUMENT');
    const chosen = (['dns', 'dnf', 'dq', 'clear'] as const).filter((k) => values[k]);
    if (chosen.length !== 1) throw new UserError('give exactly one of --dns, --dnf, --dq or --clear', 'INVALID_ARGUMENT');
    if (values.rule !== undefined && !values.dq) throw new UserError('--rule goes with --dq (the rule of a disqualification)', 'INVALID_ARGUMENT');
    if (values.clear && values.reason !== undefined) throw new UserError('--reason goes with --dns, --dnf or --dq', 'INVALID_ARGUMENT');
    if (!values.by?.trim()) throw new UserError('--by NAME is required (a status is an official decision)', 'INVALID_ARGUMENT');
    const race = await openRaceArg('status', positionals, ctx);
    const id = values.competitor.trim();
    if (values.clear) {
      await ctx.api.clearStatus({ raceId: race.raceId, competitorId: id, by: values.by });
      ctx.io.out(`Status of ${id} cleared by ${values.by.trim()}`);
      return 0;
    }
    const status = values.dns ? 'DNS' : values.dnf ? 'DNF' : 'DQ';
    const view = await ctx.api.setStatus({
      raceId: race.raceId,
      competitorId: id,
      status,
      by: values.by,
      ...(values.rule !== undefined ? { rule: values.rule } : {}),
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
    });
    const name = view.competitors.find((c) => c.id === id)?.name;
    const rule = values.rule?.trim() ? ` (rule ${values.rule.trim()})` : '';
    ctx.io.out(`${id}${name ? ` (${name})` : ''}: ${status}, ${STATUS_MEANING[status]}${rule}; by ${values.by.trim()}`);
    printWithdrawnDeadHeats(ctx, race, view);
    return 0;
  },
};
