/**
 * What `photofinish keys` does to the installation's keys: trust another installation's key on purpose, and make a
 * new own key (the old one is retired: it stays trusted for what it signed, and signs nothing more). Each rewrites
 * the trust list, signed by the (new) own key.
 */
import { keyIdOf, loadInstallationKey, makeNewInstallationKey, type InstallationKey } from './installation-key.js';
import { loadInstallationTrust, readPublicKeyFile, saveTrustList, trustedKeyOf, type TrustedKey } from './trust-store.js';

/** `keys trust FILE --by NAME`; `already` where the key was trusted before (nothing is written then). */
export async function trustKeyFile(dataDir: string, file: string, by: string): Promise<{ key: TrustedKey; already: boolean; signer: InstallationKey; dropped: string[] }> {
  const signer = await loadInstallationKey(dataDir, null);
  const trust = await loadInstallationTrust(dataDir, null);
  const publicKey = await readPublicKeyFile(file);
  const known = trustedKeyOf(trust, publicKey);
  if (known) return { key: known, already: true, signer, dropped: trust.problems };
  const key: TrustedKey = { keyId: keyIdOf(Buffer.from(publicKey, 'base64')), publicKey, role: 'trusted', by, addedAt: new Date().toISOString() };
  await saveTrustList(dataDir, signer, [...trust.keys, key]);
  return { key, already: false, signer, dropped: trust.problems };
}

/** `keys new --by NAME`: a new own key; the previous one (where it could be opened) is retired, still trusted. */
export async function makeNewOwnKey(dataDir: string, by: string): Promise<{ key: InstallationKey; previous: InstallationKey | null; setAside: string[] }> {
  const trust = await loadInstallationTrust(dataDir, null);
  const made = await makeNewInstallationKey(dataDir, null);
  const keys: TrustedKey[] = trust.keys.map((k) => (k.role === 'own' ? { ...k, role: 'retired' } : k));
  keys.unshift({ keyId: made.key.keyId, publicKey: made.key.publicKey, role: 'own', by, addedAt: new Date().toISOString() });
  await saveTrustList(dataDir, made.key, keys);
  return made;
}
