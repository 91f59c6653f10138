/**
 * Signing a certification and checking a signature. What is signed is the certification's canonical JSON without
 * its signature: revision, official, role, time, and the hashes of the evidence manifest, the results and the audit
 * head. Rewriting any entry before the certification changes the audit head (and usually the results), so a
 * resealed chain cannot keep a valid signature without the installation's private key.
 */
import { createPublicKey, verify } from 'node:crypto';
import { canonicalJson } from '../domain/audit/canonical.js';
import type { Certification, CertificationSignature } from '../domain/race/document.js';
import { keyIdOf, type InstallationKey } from './installation-key.js';

/** The text a certification's signature covers. */
export function signedText(c: Certification): string {
  const { signature: _signature, ...signed } = c;
  return canonicalJson(signed);
}

export function signCertification(c: Certification, key: InstallationKey): CertificationSignature {
  return { algorithm: 'Ed25519', keyId: key.keyId, publicKey: key.publicKey, value: key.sign(signedText(c)) };
}

/** Null when the signature holds; else why not (one phrase). */
export function checkCertificationSignature(c: Certification): string | null {
  const s = c.signature;
  if (!s) return 'the certification is not signed';
  const raw = Buffer.from(s.publicKey, 'base64');
  if (raw.length !== 32 || keyIdOf(raw) !== s.keyId) return 'the signing key recorded with it is malformed';
  // SPKI DER of an Ed25519 key: a fixed 12-byte prefix, then the raw key.
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  try {
    const ok = verify(null, Buffer.from(signedText(c), 'utf8'), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(s.value, 'base64'));
    return ok ? null : 'the signature does not match the certification (it, or the audit chain before it, was changed)';
  } catch {
    return 'the signature is malformed';
  }
}
