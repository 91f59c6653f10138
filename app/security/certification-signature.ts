/**
 * Signing a certification and checking a signature. What is signed is the certification's canonical JSON without
 * its signature: revision, official, role, time, and the hashes of the evidence manifest, the results and the audit
 * head. Rewriting any entry before the certification changes the audit head (and usually the results), so a
 * resealed chain cannot keep a valid signature without the installation's private key.
 */
import { canonicalJson } from '../domain/audit/canonical.js';
import type { Certification, CertificationSignature } from '../domain/race/document.js';
import { keyIdOf, verifyEd25519, type InstallationKey } from './installation-key.js';

/** The text a certification's signature covers. */
export function signedText(c: Certification): string {
  const { signature: _signature, ...signed } = c;
  return canonicalJson(signed);
}

export function signCertification(c: Certification, key: InstallationKey): CertificationSignature {
  return { algorithm: 'Ed25519', keyId: key.keyId, publicKey: key.publicKey, value: key.sign(signedText(c)) };
}

/** Null when the signature holds; else why not (one phrase). Whose key it is, is the trust list's question. */
export function checkCertificationSignature(c: Certification): string | null {
  const s = c.signature;
  if (!s) return 'the certification is not signed';
  const raw = Buffer.from(s.publicKey, 'base64');
  if (raw.length !== 32 || keyIdOf(raw) !== s.keyId) return 'the signing key recorded with it is malformed';
  return verifyEd25519(s.publicKey, signedText(c), s.value) ? null : 'the signature does not match the certification (it, or the audit chain before it, was changed)';
}
