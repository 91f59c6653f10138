/**
 * `photofinish status`: records that a competitor did not start, did not finish or was disqualified, or one of
 * racing's own statuses by its code (`--code PU`), or clears it.
 */
import { UserError } from '../../domain/errors.js';
import { parseStatusCode, STATUS_KINDS, STATUS_MEANING, type StatusName } from '../../domain/race/status.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg, printWithdrawnDeadHeats } from './race-command.js';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Record a competitor as DNS, DNF or DQ (with the rule), or a racing status (PU, F, UR, ...), or clear it: nobody goes missing from a result.',
  usage: [
    '  photofinish status RACE --competitor ID (--dns | --dnf | --dq [--rule TEXT] | --code CODE) [--reason TEXT] --by NAME',
    '  photofinish status RACE --competitor ID --clear --by NAME',
    '',
    '  --dns, --dnf   did not start, did not finish: refused while the competitor has a mark (unmark first)',
    '  --dq           disqualified: a competitor who finished keeps the mark and time for the record, not the place',
    '  --code CODE    any status by the code FinishLynx writes in the .lif place column:',
    ...STATUS_KINDS.map((k) => `                   ${k.code.padEnd(4)}${k.word}${k.sports ? ` (${k.sports.join(', ')})` : ''}`),
    '  --rule TEXT    with --dq: the rule broken ("TR 17.3.1")',
    '  --by NAME      the official who decided (required)',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('status', argv, {
      competitor: { type: 'string' },
      dns: { type: 'boolean' },
      dnf: { type: 'boolean' },
      dq: { type: 'boolean' },
      code: { type: 'string' },
      clear: { type: 'boolean' },
      rule: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
    });
    if (!values.competitor?.trim()) throw new UserError('--competitor ID is required', 'INVALID_ARGUMENT');
    const chosen = (['dns', 'dnf', 'dq', 'code', 'clear'] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (chosen.length !== 1) throw new UserError('give exactly one of --dns, --dnf, --dq, --code or --clear', 'INVALID_ARGUMENT');
    const code = values.code !== undefined ? parseStatusCode(values.code) : null;
    if (values.code !== undefined && !code) throw new UserError(`--code must be one of ${STATUS_KINDS.map((k) => k.code).join(', ')}, got "${values.code}"`, 'INVALID_ARGUMENT');
    if (values.rule !== undefined && !values.dq && code !== 'DQ') throw new UserError('--rule goes with --dq (the rule of a disqualification)', 'INVALID_ARGUMENT');
    if (values.clear && values.reason !== undefined) throw new UserError('--reason goes with --dns, --dnf or --dq', 'INVALID_ARGUMENT');
    const by = requireBy(values.by, 'a status is an official decision');
    const race = await openRaceArg('status', positionals, ctx);
    const id = values.competitor.trim();
    if (values.clear) {
      await ctx.api.clearStatus({ raceId: race.raceId, competitorId: id, by });
      ctx.io.out(`Status of ${id} cleared by ${by}`);
      return 0;
    }
    const status: StatusName = code ?? (values.dns ? 'DNS' : values.dnf ? 'DNF' : 'DQ');
    const view = await ctx.api.setStatus({
      raceId: race.raceId,
      competitorId: id,
      status,
      by,
      ...(values.rule !== undefined ? { rule: values.rule } : {}),
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
    });
    const name = view.competitors.find((c) => c.id === id)?.name;
    const rule = values.rule?.trim() ? ` (rule ${values.rule.trim()})` : '';
    ctx.io.out(`${id}${name ? ` (${name})` : ''}: ${status}, ${STATUS_MEANING[status]}${rule}; by ${by}`);
    printWithdrawnDeadHeats(ctx, race, view);
    return 0;
  },
};
