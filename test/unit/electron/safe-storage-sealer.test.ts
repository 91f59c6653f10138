/**
 * The desktop app protects the installation's signing key with Electron's safeStorage (mocked here, at the
 * Electron boundary, by a reversible cipher): the key file on disk is sealed, certifications are signed with it
 * and verify recognises it; where Linux offers only safeStorage's fixed password, the key falls back to a 0600 file.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeStorageSealer } from '../../../app/electron/safe-storage-sealer.js';
import { createService } from '../../../app/service/create-service.js';
import { makeRaceFixture, type RaceFixture } from '../../helpers/race-fixture.js';

/** A stand-in for the OS key store: AES-256-GCM under a key the "OS" keeps. */
function fakeSafeStorage(backend = 'gnome_libsecret') {
  const osKey = randomBytes(32);
  const calls = { seal: 0, unseal: 0 };
  return {
    calls,
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend as 'gnome_libsecret',
    encryptString(plain: string): Buffer {
      calls.seal++;
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', osKey, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(sealed: Buffer): string {
      calls.unseal++;
      const d = createDecipheriv('aes-256-gcm', osKey, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

let fx: RaceFixture;
let dataDir: string;
beforeEach(async () => {
  fx = await makeRaceFixture();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pf-sealer-'));
});
afterEach(async () => {
  await fx.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

async function certifyWith(sealer: ReturnType<typeof safeStorageSealer>) {
  const { service } = createService({ shell: 'electron', dataDir, sealer });
  const { raceId } = await service.openRace({ path: fx.dir });
  await service.placeMark({ raceId, competitorId: '1', column: 2.5, by: 'Jane' });
  // Nobody may go missing from a certified result: the rest of the start list did not start.
  for (const id of ['2', '3', '4']) await service.setStatus({ raceId, competitorId: id, status: 'DNS', by: 'Jane' });
  const view = await service.certify({ raceId, official: 'Jane Judge', role: 'Chief photo-finish judge' });
  return { service, raceId, view };
}

describe('signing key in the desktop app', () => {
  it('is sealed by the OS key store, signs certifications, and verify knows it as this installation\'s', async () => {
    const storage = fakeSafeStorage();
    const { service, raceId, view } = await certifyWith(safeStorageSealer(storage));
    const sealed = await readFile(path.join(dataDir, 'signing-key.sealed'));
    expect(sealed.toString('latin1')).not.toContain('PRIVATE KEY');
    expect(storage.calls.seal).toBe(1);
    const pub = JSON.parse(await readFile(path.join(dataDir, 'signing-key.sealed.pub'), 'utf8')) as { keyId: string; protection: string };
    expect(pub.protection).toBe("the operating system's key store");
    expect(view.certified?.signature?.keyId).toBe(pub.keyId);
    const report = await service.verifyRace({ raceId });
    expect(report.intact).toBe(true);
    expect(report.signatures).toEqual([{ revision: 1, official: 'Jane Judge', keyId: pub.keyId, fingerprint: expect.any(String), thisInstallation: true, trusted: true, trustedAs: 'own', trustedBy: 'this installation' }]);

    // The next start unseals the same key (no new key is made).
    await service.amend({ raceId, by: 'Jane Judge', reason: 'second look' });
    const again = createService({ shell: 'electron', dataDir, sealer: safeStorageSealer(storage) }).service;
    const second = await again.certify({ raceId: (await again.openRace({ path: fx.dir })).raceId, official: 'Jane Judge', role: 'Chief' });
    // Unsealed to sign, and to check the trust (this face's own key is derived from the sealed key, never a .pub file).
    expect(storage.calls.unseal).toBeGreaterThanOrEqual(1);
    expect(storage.calls.seal).toBe(1);
    expect(second.certified?.signature?.keyId).toBe(pub.keyId);
  });

  it("falls back to a file only its owner reads where Linux's safeStorage has no key store (basic_text)", async (t) => {
    if (process.platform !== 'linux') return t.skip('the basic_text backend exists on Linux only');
    const storage = fakeSafeStorage('basic_text');
    const { view } = await certifyWith(safeStorageSealer(storage));
    expect(storage.calls.seal).toBe(0);
    const file = path.join(dataDir, 'signing-key.pem');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(view.certified?.signature?.algorithm).toBe('Ed25519');
  });
});
