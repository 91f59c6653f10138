/**
 * Which keys this installation trusts: its own, and keys an official added on purpose (`keys trust`). The list is
 * `trusted-keys.json` in the data folder, signed by the installation's own file key (the key every face can read,
 * the CLI's signing key), and replaced atomically. A file dropped into the data folder trusts nothing: a list whose
 * signature is not by that key counts for nothing, and public-key files lying beside it are never read as trust.
 * In the desktop shell the own (sealed) key is trusted as well, being the key that face itself signs with.
 */
import { createPublicKey } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../domain/audit/canonical.js';
import { UserError } from '../domain/errors.js';
import { systemErrorCondition } from '../domain/system-errors.js';
import {
  TRUST_FILE,
  fingerprintOf,
  missingKeyProblem,
  openInstallationKey,
  verifyEd25519,
  type InstallationKey,
  type SecretSealer,
} from './installation-key.js';

export interface TrustedKey {
  keyId: string;
  /** Raw 32-byte Ed25519 public key, base64. */
  publicKey: string;
  /** own: signs now; retired: an own key replaced by `keys new` (still verifies what it signed); trusted: added. */
  role: 'own' | 'retired' | 'trusted';
  /** Who added it (or made it). */
  by: string;
  addedAt: string;
}

export interface InstallationTrust {
  /** The key this face signs with; null where there is none yet, or it is lost (then `problems` says so). */
  own: InstallationKey | null;
  /** Every key whose signature counts here, own first. */
  keys: TrustedKey[];
  /** Why fewer keys are trusted than the list names (a lost key, a list not signed by this installation). */
  problems: string[];
}

interface TrustFile {
  version: 1;
  keys: TrustedKey[];
  signedBy: string;
  signature: string;
}

const trustFile = (dataDir: string) => path.join(dataDir, TRUST_FILE);
const signedPart = (keys: readonly TrustedKey[]) => canonicalJson({ version: 1, keys });

/** The key of this face and the keys of the trust list, where its signature holds. */
export async function loadInstallationTrust(dataDir: string, sealer: SecretSealer | null): Promise<InstallationTrust> {
  const problems: string[] = [];
  const opened = async (s: SecretSealer | null) =>
    openInstallationKey(dataDir, s).catch((err: unknown) => {
      if (!(err instanceof UserError)) throw err;
      problems.push(err.message);
      return null;
    });
  const own = await opened(sealer);
  if (!own) {
    const lost = await missingKeyProblem(dataDir, sealer);
    if (lost) problems.push(lost);
  }
  // The list is signed by the file key; the desktop shell's own key is sealed, so it reads the file key too.
  const anchor = sealer?.available() ? await opened(null) : own;
  const keys: TrustedKey[] = [];
  const listed = await readTrustFile(dataDir);
  if (listed === 'unreadable' || (listed && !(anchor && listed.signedBy === anchor.keyId && verifyEd25519(anchor.publicKey, signedPart(listed.keys), listed.signature)))) {
    problems.push(`${trustFile(dataDir)}: the trust list is not signed by this installation's key (changed or put there outside Photofinish); no key in it is trusted`);
  } else if (listed) keys.push(...listed.keys);
  // In the desktop shell the command line's file key is this installation's too (it signs the trust list).
  if (anchor && anchor !== own && !keys.some((k) => k.publicKey === anchor.publicKey)) keys.unshift({ keyId: anchor.keyId, publicKey: anchor.publicKey, role: 'own', by: 'this installation (command line)', addedAt: '' });
  if (own && !keys.some((k) => k.publicKey === own.publicKey)) keys.unshift({ keyId: own.keyId, publicKey: own.publicKey, role: 'own', by: 'this installation', addedAt: '' });
  return { own, keys, problems };
}

/** The trusted key that made this public key's signatures, if any. */
export function trustedKeyOf(trust: Pick<InstallationTrust, 'keys'>, publicKey: string): TrustedKey | undefined {
  return trust.keys.find((k) => k.publicKey === publicKey);
}

async function readTrustFile(dataDir: string): Promise<TrustFile | null | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(trustFile(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return 'unreadable';
  }
  try {
    const f = JSON.parse(text) as TrustFile;
    if (f.version !== 1 || !Array.isArray(f.keys) || typeof f.signature !== 'string' || typeof f.signedBy !== 'string') return 'unreadable';
    return f;
  } catch {
    return 'unreadable';
  }
}

/** Replaces the trust list atomically, signed by `signer` (the file key). */
export async function saveTrustList(dataDir: string, signer: InstallationKey, keys: readonly TrustedKey[]): Promise<void> {
  const file = trustFile(dataDir);
  const body: TrustFile = { version: 1, keys: [...keys], signedBy: signer.keyId, signature: signer.sign(signedPart(keys)) };
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o644 });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw new UserError(`${file}: the trust list cannot be saved (${systemErrorCondition(err)}); nothing was changed`, 'FORBIDDEN');
  }
}

/**
 * Reads a public key file to trust: the `.pub` twin Photofinish writes (`{"keyId", "publicKey"}`), a PEM public
 * key, or the raw key in base64. Returns the raw key (base64).
 */
export async function readPublicKeyFile(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch((err: unknown) => {
    throw new UserError(`${file}: cannot be read (${systemErrorCondition(err)})`, 'NOT_FOUND');
  });
  const trimmed = text.trim();
  let raw: Buffer | null = null;
  try {
    if (trimmed.startsWith('{')) raw = Buffer.from(String((JSON.parse(trimmed) as { publicKey?: unknown }).publicKey ?? ''), 'base64');
    else if (trimmed.startsWith('-----BEGIN')) {
      const key = createPublicKey(trimmed);
      if (key.asymmetricKeyType === 'ed25519') raw = key.export({ type: 'spki', format: 'der' }).subarray(-32);
    } else raw = Buffer.from(trimmed, 'base64');
  } catch {
    raw = null;
  }
  if (!raw || raw.length !== 32) throw new UserError(`${file}: not an Ed25519 public key (a Photofinish .pub file, a PEM public key, or 32 bytes in base64)`, 'INVALID_ARGUMENT');
  return raw.toString('base64');
}

/** How a key is shown to people: its id and its fingerprint. */
export function describeKey(k: Pick<TrustedKey, 'keyId' | 'publicKey'>): string {
  return `${k.keyId}  SHA256 ${fingerprintOf(k.publicKey)}`;
}

