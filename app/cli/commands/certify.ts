/** `photofinish certify`: freezes the race as revision N under the official's name and role. */
import { UserError } from '../../domain/errors.js';
import { certifiedRules } from '../../domain/results/results-rules.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';

export const certifyCommand: CliCommand = {
  name: 'certify',
  summary: 'Certify the result: freezes the marks and stores the result, evidence hashes and audit head.',
  usage: [
    '  photofinish certify RACE --official NAME [--role ROLE]',
    '',
    '  --role   default "Chief photo-finish judge"',
    '',
    '  After certification nothing can change until an official amends the race (photofinish amend).',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('certify', argv, { official: { type: 'string' }, role: { type: 'string' } });
    if (!values.official?.trim()) throw new UserError('--official NAME is required', 'INVALID_ARGUMENT');
    const race = await openRaceArg('certify', positionals, ctx);
    const view = await ctx.api.certify({ raceId: race.raceId, official: values.official, ...(values.role !== undefined ? { role: values.role } : {}) });
    const c = view.certified;
    if (!c) throw new UserError('the race was not certified', 'INTERNAL');
    ctx.io.out(`Certified revision ${c.revision} of "${view.meta.name}" by ${c.official} (${c.role}) at ${c.at}`);
    ctx.io.out(`  results  sha256 ${c.resultsSha256} (result rules ${certifiedRules(c)})`);
    ctx.io.out(`  evidence sha256 ${c.manifestSha256}`);
    ctx.io.out(`  audit head      ${c.auditHead}`);
    if (c.signature) ctx.io.out(`  signed by key   ${c.signature.keyId} (Ed25519 public key ${c.signature.publicKey})`);
    for (const check of view.results.checks ?? []) ctx.io.err(`photofinish certify: ${check.severity}: ${check.message}`);
    return 0;
  },
};
