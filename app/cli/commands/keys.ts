/**
 * `photofinish keys`: the keys whose certifications this installation trusts. `list` shows them with their
 * fingerprints; `trust FILE.pub --by NAME` adds another installation's key on purpose; `new --by NAME` makes a new
 * own key (the old one stays trusted for what it signed). Each change is a signed line in the installation's ledger.
 */
import { requireBy } from '../args.js';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { fingerprintOf } from '../../security/installation-key.js';
import { makeNewOwnKey, trustKeyFile } from '../../security/key-management.js';
import { loadInstallationTrust, type TrustedKey } from '../../security/trust-store.js';
import { appendLedger } from '../../store/installation-ledger.js';
import { parseCommandArgs } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';

const ROLE = { own: 'own (signs)', retired: 'own, retired', trusted: 'trusted' } as const;

function keyLines(k: TrustedKey): string[] {
  const who = k.role === 'trusted' ? `added by ${k.by} at ${k.addedAt}` : k.addedAt ? `made by ${k.by} at ${k.addedAt}` : '';
  return [`${ROLE[k.role].padEnd(13)} ${k.keyId}  ${who}`.trimEnd(), `              fingerprint SHA256 ${fingerprintOf(k.publicKey)}`];
}

async function list(ctx: CliContext): Promise<number> {
  const trust = await loadInstallationTrust(ctx.running.context.dataDir, null);
  for (const p of trust.problems) ctx.io.out(p);
  if (trust.keys.length === 0) ctx.io.out('no signing key yet: one is made on the first certification');
  for (const k of trust.keys) for (const l of keyLines(k)) ctx.io.out(l);
  return trust.problems.length ? 1 : 0;
}

async function trust(ctx: CliContext, file: string | undefined, by: string): Promise<number> {
  if (!file) throw new UserError('give the public key file to trust: keys trust FILE.pub --by NAME', 'INVALID_ARGUMENT');
  const dataDir = ctx.running.context.dataDir;
  const done = await trustKeyFile(dataDir, path.resolve(file), by);
  for (const p of done.dropped) ctx.io.out(p);
  if (done.already) {
    ctx.io.out(`already trusted: ${done.key.keyId} (fingerprint SHA256 ${fingerprintOf(done.key.publicKey)})`);
    return 0;
  }
  await appendLedger(dataDir, done.signer, { actor: by, action: 'keys.trusted', payload: { keyId: done.key.keyId, publicKey: done.key.publicKey, file: path.resolve(file) } });
  ctx.io.out(`trusted ${done.key.keyId}, added by ${by}`);
  ctx.io.out(`  fingerprint SHA256 ${fingerprintOf(done.key.publicKey)}: compare it with the one printed on that installation's result sheet`);
  return 0;
}

async function renew(ctx: CliContext, by: string): Promise<number> {
  const dataDir = ctx.running.context.dataDir;
  const made = await makeNewOwnKey(dataDir, by);
  await appendLedger(dataDir, made.key, { actor: by, action: 'keys.new', payload: { keyId: made.key.keyId, publicKey: made.key.publicKey, previous: made.previous?.keyId ?? null } });
  ctx.io.out(`new signing key ${made.key.keyId}, made by ${by}`);
  ctx.io.out(`  fingerprint SHA256 ${fingerprintOf(made.key.publicKey)}`);
  if (made.previous) ctx.io.out(`previous key ${made.previous.keyId} retired: it signs nothing more, and what it signed still verifies`);
  else ctx.io.out('there was no signing key to retire: certifications signed by a lost key count again only once its .pub file is trusted with keys trust');
  for (const f of made.setAside) ctx.io.out(`  kept aside: ${f}`);
  return 0;
}

export const keysCommand: CliCommand = {
  name: 'keys',
  summary: "List the keys whose certifications this installation trusts; trust another installation's key; make a new own key.",
  usage: [
    '  photofinish keys list',
    '  photofinish keys trust FILE.pub --by NAME',
    '  photofinish keys new --by NAME',
    '',
    '  list    every trusted key with its fingerprint (SHA-256 of the public key): this installation\'s own key, its',
    '          retired keys, and keys added on purpose; exit 1 where the trust list is not this installation\'s',
    '  trust   add the key of another installation (its signing-key.pem.pub, a PEM public key, or the key in base64):',
    '          certifications it signed then verify here; compare the fingerprint with that installation\'s sheet',
    '  new     make a new own key; the old one is kept aside and stays trusted for what it signed',
    '',
    '  A key file merely put in the data folder is trusted by nobody: the trust list is signed by this installation\'s',
    '  own key. Every change is recorded in the installation\'s ledger.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('keys', argv, { by: { type: 'string' } }, 2);
    const [action, file] = positionals;
    if (action === 'list') {
      if (file) throw new UserError(`unexpected argument "${file}"`, 'INVALID_ARGUMENT');
      return list(ctx);
    }
    if (action === 'trust') return trust(ctx, file, requireBy(values.by, 'who decided this'));
    if (action === 'new') {
      if (file) throw new UserError(`unexpected argument "${file}"`, 'INVALID_ARGUMENT');
      return renew(ctx, requireBy(values.by, 'who decided this'));
    }
    throw new UserError(`say what to do with the keys: list, trust FILE.pub --by NAME, or new --by NAME${action ? ` (not "${action}")` : ''}`, 'INVALID_ARGUMENT');
  },
};
