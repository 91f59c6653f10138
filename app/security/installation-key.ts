/**
 * The Ed25519 key pair of this installation, which signs every certification. Made on first use in the user's data
 * folder. The private key is protected by what the face offers: the desktop shell seals it with the operating
 * system's key store (Electron safeStorage: Keychain, DPAPI, libsecret) through `SecretSealer`; the command line
 * keeps it in a file only its owner may read (0600). Each private key file has a public twin (`*.pub`) that
 * anyone may read, so `verify` can tell this installation's keys from others without unsealing anything.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { chmod, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../domain/errors.js';
import type { SecretSealer } from './secret-sealer.js';

export type { SecretSealer } from './secret-sealer.js';
import { systemErrorCondition } from '../domain/system-errors.js';

export interface PublicKeyInfo {
  keyId: string;
  /** Raw 32-byte public key, base64. */
  publicKey: string;
  protection: string;
}

export interface InstallationKey extends PublicKeyInfo {
  /** Ed25519 signature of the UTF-8 bytes of `text`, base64. */
  sign(text: string): string;
}

const FILE_KEY = 'signing-key.pem';
const SEALED_KEY = 'signing-key.sealed';

/** Raw public key of an Ed25519 KeyObject (the last 32 bytes of its SPKI DER). */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32);
}

export function keyIdOf(rawPublic: Buffer): string {
  return createHash('sha256').update(rawPublic).digest('hex').slice(0, 16);
}

function toInstallationKey(privateKey: KeyObject, protection: string): InstallationKey {
  const raw = rawPublicKey(privateKey);
  return {
    keyId: keyIdOf(raw),
    publicKey: raw.toString('base64'),
    protection,
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/** This installation's key: sealed by the shell where it offers sealing, else a 0600 file; made on first use. */
export async function loadInstallationKey(dataDir: string, sealer: SecretSealer | null): Promise<InstallationKey> {
  const sealed = sealer?.available() ? sealer : null;
  const file = path.join(dataDir, sealed ? SEALED_KEY : FILE_KEY);
  const protection = sealed ? sealed.kind : 'file readable by its owner only';
  let stored: Buffer | null = null;
  try {
    stored = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UserError(`${file}: the signing key cannot be read (${systemErrorCondition(err)})`, 'FORBIDDEN');
  }
  if (stored) {
    try {
      const pem = sealed ? sealed.unseal(stored) : stored.toString('utf8');
      return toInstallationKey(createPrivateKey(pem), protection);
    } catch {
      throw new UserError(`${file}: the signing key of this installation cannot be opened; certifications cannot be signed until it is restored`, 'CONFLICT');
    }
  }
  return createInstallationKey(dataDir, file, sealed, protection);
}

/** Makes the key; if another process made one at the same moment, that one is used (one key per installation). */
async function createInstallationKey(dataDir: string, file: string, sealed: SecretSealer | null, protection: string): Promise<InstallationKey> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = toInstallationKey(privateKey, protection);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(temp, sealed ? sealed.seal(pem) : pem, { mode: 0o600 });
    await chmod(temp, 0o600);
    const pub: PublicKeyInfo = { keyId: key.keyId, publicKey: key.publicKey, protection };
    await writeFile(`${temp}.pub`, `${JSON.stringify(pub)}\n`, { mode: 0o644 });
    // link() fails where the key already exists: never replace a key that may have signed something.
    await link(temp, file);
    await rename(`${temp}.pub`, `${file}.pub`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadInstallationKey(dataDir, sealed);
    throw new UserError(`${dataDir}: the signing key of this installation cannot be saved (${systemErrorCondition(err)}); certifications cannot be signed`, 'FORBIDDEN');
  } finally {
    await rm(temp, { force: true });
    await rm(`${temp}.pub`, { force: true });
  }
}

/** The public keys of this installation (every `*.pub` twin in the data folder). */
export async function installationPublicKeys(dataDir: string): Promise<PublicKeyInfo[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const keys: PublicKeyInfo[] = [];
  for (const n of names.filter((n) => n.startsWith('signing-key.') && n.endsWith('.pub'))) {
    try {
      const info = JSON.parse(await readFile(path.join(dataDir, n), 'utf8')) as PublicKeyInfo;
      if (typeof info.keyId === 'string' && typeof info.publicKey === 'string') keys.push(info);
    } catch {
      // A damaged twin only means that key is not recognised as this installation's.
    }
  }
  return keys;
}
