/**
 * The Ed25519 key pair of this installation, which signs every certification. Made on first use in the user's data
 * folder. The private key is protected by what the face offers: the desktop shell seals it with the operating
 * system's key store (Electron safeStorage: Keychain, DPAPI, libsecret) through `SecretSealer`; the command line
 * keeps it in a file only its owner may read (0600). Each private key file has a public twin (`*.pub`) that
 * anyone may read. A twin proves nothing (anyone can drop one in the folder): which keys this installation trusts
 * is its signed trust list (trust-store.ts). A key is made only on first use: where a twin or a trust list shows
 * that a key existed, its loss is reported, never covered by a new key (which would orphan its certifications).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { access, chmod, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** What people compare: the SHA-256 of the raw public key, in groups of four hex digits (keyId is its start). */
export function fingerprintOf(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex');
  return hex.match(/.{4}/g)?.join(' ') ?? hex;
}

/** True when `value` (base64) is an Ed25519 signature of `text` by the raw public key `publicKeyBase64`. */
export function verifyEd25519(publicKeyBase64: string, text: string, value: string): boolean {
  const raw = Buffer.from(publicKeyBase64, 'base64');
  if (raw.length !== 32) return false;
  // SPKI DER of an Ed25519 key: a fixed 12-byte prefix, then the raw key.
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  try {
    return verify(null, Buffer.from(text, 'utf8'), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(value, 'base64'));
  } catch {
    return false;
  }
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

/** Where this face keeps its key: the sealed file where the shell offers sealing, else the 0600 file. */
export function keyFileOf(dataDir: string, sealer: SecretSealer | null): { file: string; sealed: SecretSealer | null; protection: string } {
  const sealed = sealer?.available() ? sealer : null;
  return { file: path.join(dataDir, sealed ? SEALED_KEY : FILE_KEY), sealed, protection: sealed ? sealed.kind : 'file readable by its owner only' };
}

/** The trust list and the ledger (named here so a missing key can tell a first use from a loss). */
export const TRUST_FILE = 'trusted-keys.json';
export const LEDGER_FILE = 'installation-ledger.jsonl';

/** The key file of this face, or null where it does not exist (never made here). */
export async function openInstallationKey(dataDir: string, sealer: SecretSealer | null): Promise<InstallationKey | null> {
  const { file, sealed, protection } = keyFileOf(dataDir, sealer);
  let stored: Buffer;
  try {
    stored = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new UserError(`${file}: the signing key cannot be read (${systemErrorCondition(err)})`, 'FORBIDDEN');
    return null;
  }
  try {
    const pem = sealed ? sealed.unseal(stored) : stored.toString('utf8');
    return toInstallationKey(createPrivateKey(pem), protection);
  } catch {
    throw new UserError(`${file}: the signing key of this installation cannot be opened; certifications cannot be signed until it is restored`, 'CONFLICT');
  }
}

/**
 * This installation's key: sealed by the shell where it offers sealing, else a 0600 file. Made on first use only:
 * where its public twin or the trust list shows a key was made before, the missing key is an error, never replaced.
 */
export async function loadInstallationKey(dataDir: string, sealer: SecretSealer | null): Promise<InstallationKey> {
  const key = await openInstallationKey(dataDir, sealer);
  if (key) return key;
  const { file, sealed, protection } = keyFileOf(dataDir, sealer);
  const lost = await missingKeyProblem(dataDir, sealer);
  if (lost) throw new UserError(lost, 'CONFLICT', { hint: 'signing-key-missing' });
  return createInstallationKey(dataDir, file, sealed, protection);
}

/** Says the key is lost where a twin (or, for the file key, the trust list or ledger) shows one existed; null: first use. */
export async function missingKeyProblem(dataDir: string, sealer: SecretSealer | null): Promise<string | null> {
  const { file, sealed } = keyFileOf(dataDir, sealer);
  const twin = await readFile(`${file}.pub`, 'utf8').then((t) => JSON.parse(t) as Partial<PublicKeyInfo>).catch(() => null);
  const present = (name: string) => access(path.join(dataDir, name)).then(() => true, () => false);
  // The trust list and the ledger are the file key's traces; the desktop shell's sealed key has only its twin.
  const listed = !sealed && ((await present(TRUST_FILE)) || (await present(LEDGER_FILE)));
  if (!twin && !listed) return null;
  const which = typeof twin?.keyId === 'string' ? `key ${twin.keyId}` : 'the key';
  return `${file}: this installation's signing key (${which}) is missing; it is not made again silently, since a new key would not be the one earlier certifications were signed with`;
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

/**
 * `keys new`: a new key for this face. The old private key is kept aside (renamed, never deleted: it may be needed
 * to prove something it signed) and stops signing; a lost key's public twin is kept aside for `keys trust`.
 */
export async function makeNewInstallationKey(dataDir: string, sealer: SecretSealer | null): Promise<{ key: InstallationKey; previous: InstallationKey | null; setAside: string[] }> {
  const previous = await openInstallationKey(dataDir, sealer);
  const { file, sealed, protection } = keyFileOf(dataDir, sealer);
  const setAside: string[] = [];
  const twin = await readFile(`${file}.pub`, 'utf8').then((t) => JSON.parse(t) as Partial<PublicKeyInfo>).catch(() => null);
  const id = previous?.keyId ?? (typeof twin?.keyId === 'string' ? twin.keyId : 'unknown');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const moves: [string, string][] = previous ? [[file, `${file}.${id}.retired-${stamp}`]] : [];
  if (twin) moves.push([`${file}.pub`, `${file}.${id}.${previous ? 'retired' : 'lost'}-${stamp}.pub`]);
  for (const [from, to] of moves) {
    await rename(from, to).catch((err: unknown) => {
      throw new UserError(`${from}: cannot be set aside for the new key (${systemErrorCondition(err)}); nothing was changed`, 'FORBIDDEN');
    });
    setAside.push(to);
  }
  return { key: await createInstallationKey(dataDir, file, sealed, protection), previous, setAside };
}
