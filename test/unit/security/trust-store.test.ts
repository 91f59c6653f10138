/**
 * The trust list (issue 21 item 2): keys added on purpose count; a key written into the list by hand, or a list
 * signed by another key, trusts nothing; the public key of another installation is read from the files people have.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyIdOf, loadInstallationKey, rawPublicKey } from '../../../app/security/installation-key.js';
import { trustKeyFile } from '../../../app/security/key-management.js';
import { loadInstallationTrust, readPublicKeyFile } from '../../../app/security/trust-store.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-trust-store-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function otherKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = rawPublicKey(privateKey);
  return { raw: raw.toString('base64'), keyId: keyIdOf(raw), pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

describe('trust list', () => {
  it('trusts its own key and a key added on purpose; a key written into the list by hand makes the list count for nothing', async () => {
    const own = await loadInstallationKey(dataDir, null);
    const other = otherKey();
    const file = path.join(dataDir, 'other.pub');
    await fs.writeFile(file, `${JSON.stringify({ keyId: other.keyId, publicKey: other.raw })}\n`);
    await trustKeyFile(dataDir, file, 'C. Chief');
    const trust = await loadInstallationTrust(dataDir, null);
    expect(trust.problems).toEqual([]);
    expect(trust.keys.map((k) => [k.keyId, k.role])).toEqual([[own.keyId, 'own'], [other.keyId, 'trusted']]);

    const listFile = path.join(dataDir, 'trusted-keys.json');
    const list = JSON.parse(await fs.readFile(listFile, 'utf8')) as { keys: unknown[] };
    const forger = otherKey();
    list.keys.push({ keyId: forger.keyId, publicKey: forger.raw, role: 'trusted', by: 'nobody', addedAt: '' });
    await fs.writeFile(listFile, JSON.stringify(list));
    const edited = await loadInstallationTrust(dataDir, null);
    expect(edited.problems).toEqual([`${listFile}: the trust list is not signed by this installation's key (changed or put there outside Photofinish); no key in it is trusted`]);
    expect(edited.keys.map((k) => k.keyId)).toEqual([own.keyId]);
  });

  it('reads a public key from a Photofinish .pub file, a PEM file or base64, and refuses anything else in one line', async () => {
    const k = otherKey();
    const write = async (name: string, text: string) => {
      const f = path.join(dataDir, name);
      await fs.writeFile(f, text);
      return f;
    };
    expect(await readPublicKeyFile(await write('a.pub', JSON.stringify({ keyId: k.keyId, publicKey: k.raw })))).toBe(k.raw);
    expect(await readPublicKeyFile(await write('b.pem', k.pem))).toBe(k.raw);
    expect(await readPublicKeyFile(await write('c.txt', `${k.raw}\n`))).toBe(k.raw);
    const bad = await write('d.pub', 'not a key');
    await expect(readPublicKeyFile(bad)).rejects.toThrow(`${bad}: not an Ed25519 public key (a Photofinish .pub file, a PEM public key, or 32 bytes in base64)`);
  });
});
