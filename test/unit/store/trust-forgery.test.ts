/**
 * Issue 21 items 1–3, as a forger with write access to a race folder (and a careless user) would try them: a mark
 * changed and the chain resealed, a certification copied from another race, a forger's own key (and its public key
 * dropped into the data folder), a deleted private key, an amendment rolled back. Each is shown NOT VALID (or
 * refused) wherever "certified" would appear: results, results --json, info, export, the bridge's openRace.
 */
import { cp, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../app/domain/audit/chain.js';
import { createService } from '../../../app/service/create-service.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { pdfText } from '../../helpers/export-poppler.js';
import { copyCertification, dropLastEntries, resealWith } from '../../helpers/reseal.js';

const root = mkdtemp(path.join(os.tmpdir(), 'pf-trust-'));
let built: string;
let tmp: string;
let race: string;
let dataDir: string;

afterAll(async () => {
  await rm(await root, { recursive: true, force: true });
});

beforeAll(async () => {
  const base = await root;
  const frames = path.join(base, 'frames');
  await writeFrames(frames, { width: 24, height: 16, frames: 600, format: 'jpeg' });
  await writeFile(path.join(base, 'start.csv'), 'id,name\n1,Ann Able\n2,Bea Best\n');
  built = path.join(base, 'built.race');
  process.env.PHOTOFINISH_DATA_DIR = path.join(base, 'build-data');
  expect((await runCli(['build', frames, '--out', built, '--fps', '1000', '--start-list', path.join(base, 'start.csv')])).code).toBe(0);
});

beforeEach(async () => {
  tmp = await mkdtemp(path.join(await root, 'case-'));
  dataDir = path.join(tmp, 'data');
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  race = path.join(tmp, 'heat.race');
  await cp(built, race, { recursive: true });
});

async function certify(dir = race, by = 'A. Judge'): Promise<void> {
  for (const [id, column] of [['1', '300.5'], ['2', '301.25']] as const) expect((await runCli(['mark', dir, '--competitor', id, '--column', column, '--by', by])).code).toBe(0);
  const c = await runCli(['certify', dir, '--official', by]);
  expect(c.err).not.toMatch(/error|cannot/i);
  expect(c.code).toBe(0);
}

/** Competitor 1's mark moved by five columns, the chain resealed entry by entry (no key needed). */
const moveMark = (e: AuditEntry): AuditEntry => (e.action === 'mark.placed' && JSON.stringify(e.payload).includes('300500') ? (JSON.parse(JSON.stringify(e).replace('300500', '305500')) as AuditEntry) : e);

async function expectNotValidEverywhere(dir: string, why: RegExp): Promise<void> {
  const text = await runCli(['results', dir]);
  expect(text.code).toBe(0);
  const first = text.out.split('\n')[0] ?? '';
  expect(first).toMatch(/revision 1, NOT VALID: /);
  expect(first).toMatch(why);
  expect(text.out).not.toMatch(/certified by/);

  const json = JSON.parse((await runCli(['results', dir, '--json'])).out) as { certified: boolean; integrity: { ok: boolean; problems: string[] } };
  expect(json.certified).toBe(false);
  expect(json.integrity.ok).toBe(false);
  expect(json.integrity.problems.join('\n')).toMatch(why);

  const info = await runCli(['info', dir]);
  expect(info.out).toMatch(/\n {2}certified {2}NOT VALID: /);
  expect((JSON.parse((await runCli(['info', dir, '--json'])).out) as { certified: boolean }).certified).toBe(false);

  const sheet = path.join(tmp, `sheet-${path.basename(dir)}.pdf`);
  const refused = await runCli(['export', dir, '--pdf', sheet]);
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(/^photofinish export: .*: NOT VALID: .*nothing was exported; photofinish verify RACE lists why; add --unverified/);
  await expect(stat(sheet)).rejects.toThrow();

  // The bridge's openRace (the service every face calls): never certified.
  const running = createService({ shell: 'cli', dataDir });
  const view = await running.service.openRace({ path: dir });
  expect(view.certified).toBeNull();
  expect(view.integrity?.ok).toBe(false);
}

describe('trust shown only where verified (item 1)', () => {
  it('a genuine certified race reads certified everywhere, and opening it again is served from the kept check', async () => {
    await certify();
    const first = await runCli(['results', race]);
    expect(first.out.split('\n')[0]).toMatch(/revision 1, certified by A\. Judge/);
    const json = JSON.parse((await runCli(['results', race, '--json'])).out) as { certified: boolean; integrity: unknown };
    expect(json).toMatchObject({ certified: true, integrity: { ok: true, problems: [] } });
    expect((await runCli(['info', race])).out).toMatch(/\n {2}certified {2}revision 1, certified by A\. Judge/);
  });

  it('a mark changed and the chain resealed (no key): NOT VALID in results, --json, info, export and openRace', async () => {
    await certify();
    await resealWith(race, moveMark);
    await expectNotValidEverywhere(race, /the signature does not match the certification/);
  });

  it('a certification copied from another race: NOT VALID everywhere', async () => {
    const other = path.join(tmp, 'other.race');
    await cp(race, other, { recursive: true });
    await certify(other);
    for (const [id, column] of [['1', '200.5'], ['2', '210']] as const) expect((await runCli(['mark', race, '--competitor', id, '--column', column, '--by', 'A. Judge'])).code).toBe(0);
    await copyCertification(other, race);
    await expectNotValidEverywhere(race, /certified audit head does not match|certified results no longer follow/);
  });

  it('export --unverified writes the sheet and the photo stamped NOT VERIFIED, never certified', async () => {
    await certify();
    await resealWith(race, moveMark);
    const sheet = path.join(tmp, 'sheet.pdf');
    const photo = path.join(tmp, 'photo.jpg');
    const r = await runCli(['export', race, '--pdf', sheet, '--photo', photo, '--unverified']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const text = await pdfText(await readFile(sheet));
    expect(text).toContain('NOT VERIFIED · revision 1');
    expect(text).toContain('NOT VALID: revision 1: the signature does not match');
    expect(text).not.toMatch(/CERTIFIED ·|Certified by|Signing key/);
    expect(r.out).toMatch(/NOT VERIFIED — NOT VALID: revision 1/);
  });
});

describe('pinned keys (item 2)', () => {
  it("a forger's own key fails verify naming its fingerprint; its public key dropped into the data folder trusts nothing", async () => {
    await certify();
    const forger = await resealWith(race, moveMark, { forgerKey: true });
    if (!forger) throw new Error('no forger key');
    await writeFile(path.join(dataDir, 'signing-key.evil.pub'), `${JSON.stringify({ ...forger, protection: 'file readable by its owner only' })}\n`);
    const v = await runCli(['verify', race]);
    expect(v.code).toBe(1);
    expect(v.out).toContain(`revision 1: signed by key ${forger.keyId} (fingerprint SHA256 `);
    expect(v.out).toContain('which this installation does not trust');
    expect(v.out).not.toMatch(/intact|this installation's key\)/);
    // Nor does a trust list written by the forger.
    await writeFile(path.join(dataDir, 'trusted-keys.json'), JSON.stringify({ version: 1, keys: [{ ...forger, role: 'trusted', by: 'x', addedAt: '' }], signedBy: forger.keyId, signature: 'AAAA' }));
    expect((await runCli(['verify', race])).code).toBe(1);
    const list = await runCli(['keys', 'list']);
    expect(list.code).toBe(1);
    expect(list.out).toMatch(/trusted-keys\.json: the trust list is not signed by this installation's key/);
  });

  it('another installation\'s certification counts once its key is trusted on purpose; keys list shows fingerprints', async () => {
    const elsewhere = path.join(tmp, 'elsewhere');
    process.env.PHOTOFINISH_DATA_DIR = elsewhere;
    await certify(race, 'B. Judge');
    process.env.PHOTOFINISH_DATA_DIR = dataDir;
    const before = await runCli(['verify', race]);
    expect(before.code).toBe(1);
    const pub = JSON.parse(await readFile(path.join(elsewhere, 'signing-key.pem.pub'), 'utf8')) as { keyId: string };
    expect(before.out).toContain(`revision 1: signed by key ${pub.keyId} (fingerprint SHA256 `);
    expect((await runCli(['results', race])).out.split('\n')[0]).toMatch(/NOT VALID: revision 1: signed by key/);

    const t = await runCli(['keys', 'trust', path.join(elsewhere, 'signing-key.pem.pub'), '--by', 'C. Chief']);
    expect(t.err).toBe('');
    expect(t.out).toMatch(new RegExp(`^trusted ${pub.keyId}, added by C\\. Chief\\n {2}fingerprint SHA256 [0-9a-f]{4}( [0-9a-f]{4}){15}:`));
    const after = await runCli(['verify', race]);
    expect(after.out.split('\n')).toEqual(['intact', `revision 1: certified by B. Judge, signed by key ${pub.keyId} (a key trusted on purpose, added by C. Chief)`]);
    const list = await runCli(['keys', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`own \\(signs\\) +[0-9a-f]{16}[\\s\\S]*trusted +${pub.keyId} +added by C\\. Chief`));
    expect(list.out.match(/fingerprint SHA256/g)).toHaveLength(2);
    // The key command is in the installation's ledger.
    expect(await readFile(path.join(dataDir, 'installation-ledger.jsonl'), 'utf8')).toContain('"action":"keys.trusted"');
  });

  it('a deleted private key is reported, never made again; keys new makes one on purpose and the old one stays trusted', async () => {
    await certify();
    const keyFile = path.join(dataDir, 'signing-key.pem');
    const pubBefore = await readFile(`${keyFile}.pub`, 'utf8');
    await unlink(keyFile);
    const other = path.join(tmp, 'other.race');
    await cp(built, other, { recursive: true });
    for (const [id, column] of [['1', '300.5'], ['2', '301.25']] as const) expect((await runCli(['mark', other, '--competitor', id, '--column', column, '--by', 'A. Judge'])).code).toBe(0);
    const refused = await runCli(['certify', other, '--official', 'A. Judge']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/signing-key\.pem: this installation's signing key \(key [0-9a-f]{16}\) is missing; it is not made again silently.*; restore the key file from a backup, or make a new key on purpose with photofinish keys new --by NAME/);
    await expect(stat(keyFile)).rejects.toThrow();
    expect(await readFile(`${keyFile}.pub`, 'utf8')).toBe(pubBefore);

    // With the key restored, keys new retires it: earlier certifications still verify as this installation's.
    process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data2');
    const fresh = path.join(tmp, 'fresh.race');
    await cp(built, fresh, { recursive: true });
    await certify(fresh);
    const n = await runCli(['keys', 'new', '--by', 'C. Chief']);
    expect(n.code).toBe(0);
    expect(n.out).toMatch(/^new signing key [0-9a-f]{16}, made by C\. Chief\n {2}fingerprint SHA256 .*\nprevious key [0-9a-f]{16} retired/);
    expect((await runCli(['verify', fresh])).out).toMatch(/^intact\nrevision 1: certified by A\. Judge, signed by key [0-9a-f]{16} \(a retired key of this installation\)$/);
    process.env.PHOTOFINISH_DATA_DIR = dataDir;
  });
});

describe('no rollback (item 3)', () => {
  it('dropping an amendment and its new certification from the log fails verify against the ledger; --head still works', async () => {
    await certify();
    expect((await runCli(['amend', race, '--reason', 'Protest upheld', '--by', 'A. Referee'])).code).toBe(0);
    expect((await runCli(['mark', race, '--competitor', '1', '--column', '302', '--by', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['certify', race, '--official', 'A. Judge'])).code).toBe(0);
    expect((await runCli(['verify', race])).code).toBe(0);
    await dropLastEntries(race, 3);
    const v = await runCli(['verify', race]);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/^rolled back: this installation's ledger records revision 2 certified by A\. Judge at \S+ as audit entry 7 \(head [0-9a-f]{16}\), but the audit log ends at entry 4$/m);
    expect((await runCli(['results', race])).out.split('\n')[0]).toMatch(/revision 1, NOT VALID: rolled back/);
    // A third party without this installation's ledger still has the head printed on the sheet.
    const head = JSON.parse(await readFile(path.join(race, 'race.json'), 'utf8')) as { audit: { head: string } };
    expect((await runCli(['verify', race, '--head', head.audit.head])).out).toContain(`audit head ${head.audit.head}: entry 4 of the chain, unchanged`);
  });

  it('an amendment alone dropped (revision 1 back) is caught too', async () => {
    await certify();
    expect((await runCli(['amend', race, '--reason', 'Protest upheld', '--by', 'A. Referee'])).code).toBe(0);
    await dropLastEntries(race, 1);
    const v = await runCli(['verify', race]);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/rolled back: this installation's ledger records revision 2 amended by A\. Referee/);
  });
});
