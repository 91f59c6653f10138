/**
 * verify catches what the judge would be shown falsely: a tile replaced by solid red, and an audit chain rewritten
 * and resealed entry by entry (certification included), which only the installation's Ed25519 signature, or the
 * audit head printed on an earlier sheet, can expose. The sheet prints the key and the signature.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../app/domain/audit/chain.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { writeFrames } from '../../fixtures/synthetic-frames.js';
import { pdfText } from '../../helpers/export-poppler.js';
import { resealWith } from '../../helpers/reseal.js';
import { fingerprintOf } from '../../../app/security/installation-key.js';

let tmp: string;
let race: string;
const root = mkdtemp(path.join(os.tmpdir(), 'pf-tamper-'));
afterAll(async () => {
  await rm(await root, { recursive: true, force: true });
});

beforeEach(async () => {
  tmp = await mkdtemp(path.join(await root, 'case-'));
  process.env.PHOTOFINISH_DATA_DIR = path.join(tmp, 'data');
  const frames = path.join(tmp, 'frames');
  // 600 columns: two tiles at level 0, so the tile named is the one replaced.
  await writeFrames(frames, { width: 24, height: 16, frames: 600, format: 'jpeg' });
  await writeFile(path.join(tmp, 'start.csv'), 'id,name\n1,Ann Able\n2,Bea Best\n');
  race = path.join(tmp, 'heat.race');
  const b = await runCli(['build', frames, '--out', race, '--fps', '1000', '--start-list', path.join(tmp, 'start.csv')]);
  expect(b.code).toBe(0);
});

async function markAndCertify(): Promise<void> {
  for (const [id, column] of [['1', '300.5'], ['2', '301.25']] as const) expect((await runCli(['mark', race, '--competitor', id, '--column', column, '--by', 'A. Judge'])).code).toBe(0);
  expect((await runCli(['certify', race, '--official', 'A. Judge'])).code).toBe(0);
}

describe('verify and tiles', () => {
  it('hashes every tile at build and names a tile replaced by solid red', async () => {
    const manifest = JSON.parse(await readFile(path.join(race, 'evidence/manifest.json'), 'utf8')) as { tiles: { levels: { level: number; tiles: number; sha256: string[] }[] } };
    for (const l of manifest.tiles.levels) expect(l.sha256).toHaveLength(l.tiles);
    expect((await runCli(['verify', race])).out).toBe('intact');
    const tile = path.join(race, 'tiles', '0', '1.png');
    const { width, height } = await sharp(tile).metadata();
    await writeFile(tile, await sharp({ create: { width: width as number, height: height as number, channels: 3, background: '#ff0000' } }).png().toBuffer());
    const r = await runCli(['verify', race]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`tile changed: ${tile}`);
  });
});

describe('verify and signatures', () => {
  it("signs the certification with this installation's key (a 0600 file for the CLI), prints it on the sheet, and says who signed", async () => {
    await markAndCertify();
    const keyFile = path.join(tmp, 'data', 'signing-key.pem');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const pub = JSON.parse(await readFile(`${keyFile}.pub`, 'utf8')) as { keyId: string; publicKey: string };
    const v = await runCli(['verify', race]);
    expect(v.code).toBe(0);
    expect(v.out.split('\n')).toEqual(['intact', `revision 1: certified by A. Judge, signed by key ${pub.keyId} (this installation's key)`]);
    const sheet = path.join(tmp, 'sheet.pdf');
    expect((await runCli(['export', race, '--pdf', sheet])).code).toBe(0);
    const text = (await pdfText(await readFile(sheet), '-raw')).replace(/\s+/g, ' ');
    expect(text).toContain(`Signing key (Ed25519): ${pub.keyId} ${pub.publicKey}`);
    expect(text).toContain(`Key fingerprint: SHA256 ${fingerprintOf(pub.publicKey)}`);
    const doc = JSON.parse(await readFile(path.join(race, 'race.json'), 'utf8')) as { certified: { signature: { value: string } } };
    expect(text).toContain(`Signature: ${doc.certified.signature.value}`);
  });

  it('a mark rewritten and the whole chain resealed fails verify: the signature no longer matches', async () => {
    await markAndCertify();
    await resealWith(race, (e) => (e.action === 'mark.placed' && JSON.stringify(e.payload).includes('300500') ? (JSON.parse(JSON.stringify(e).replace('300500', '305500')) as AuditEntry) : e));
    const r = await runCli(['verify', race]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe('revision 1: the signature does not match the certification (it, or the audit chain before it, was changed)');
    // This installation's ledger recorded the genuine certification entry: the rewritten one is named too.
    expect(r.out.split('\n')[1]).toMatch(/^audit entry 4 differs from the one this installation's ledger records for revision 1 certified by A\. Judge/);
  });

  it('re-signed by a forger: verify says the key is not this installation\'s, and --head from the earlier sheet fails', async () => {
    await markAndCertify();
    const sheet = path.join(tmp, 'sheet.pdf');
    expect((await runCli(['export', race, '--pdf', sheet])).code).toBe(0);
    const head = /audit head\s+([0-9a-f]{64})/.exec(await pdfText(await readFile(sheet)))?.[1] as string;
    expect(head).toMatch(/^[0-9a-f]{64}$/);
    const ok = await runCli(['verify', race, '--head', head]);
    expect(ok.code).toBe(0);
    expect(ok.out.split('\n').at(-1)).toBe(`audit head ${head}: entry 4 of the chain, unchanged`);

    await resealWith(race, (e) => (e.action === 'mark.placed' && JSON.stringify(e.payload).includes('300500') ? (JSON.parse(JSON.stringify(e).replace('300500', '305500')) as AuditEntry) : e), { forgerKey: true });
    // Before: "intact", signed by "a key of another installation". A key this installation does not trust counts for nothing.
    const plain = await runCli(['verify', race]);
    expect(plain.code).toBe(1);
    expect(plain.out.split('\n')[0]).toMatch(/^revision 1: signed by key [0-9a-f]{16} \(fingerprint SHA256 [0-9a-f ]{79}\), which this installation does not trust$/);
    const withHead = await runCli(['verify', race, '--head', head.slice(0, 16)]);
    expect(withHead.code).toBe(1);
    expect(withHead.out.split('\n')).toContain(`audit head ${head.slice(0, 16)} (from an earlier sheet) is not in this race's audit chain: entries up to it were changed or removed`);
    expect((await runCli(['verify', race, '--head', 'xyz'])).err).toBe('photofinish verify: --head must be an audit head from a result sheet (12 to 64 hex digits), got "xyz"');
  });
});

