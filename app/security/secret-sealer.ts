/**
 * What a face provides to protect a secret at rest (the installation's signing key): the desktop shell seals it
 * with the operating system's key store (Electron safeStorage); the CLI has none, and keeps the key in a file
 * only its owner may read.
 */
export interface SecretSealer {
  /** Short name for messages and the key's public twin ("the operating system's key store"). */
  readonly kind: string;
  available(): boolean;
  seal(plain: string): Buffer;
  unseal(sealed: Buffer): string;
}
