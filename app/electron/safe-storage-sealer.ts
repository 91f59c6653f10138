/**
 * The desktop shell's protection of the installation's signing key: Electron's safeStorage, which encrypts with
 * the operating system's key store (macOS Keychain, Windows DPAPI, libsecret/kwallet on Linux). Where Linux has
 * no key store, safeStorage falls back to a fixed built-in password ("basic_text"), which protects nothing: then
 * the key is kept like the CLI's, in a file only its owner may read.
 */
import type { SafeStorage } from 'electron';
import type { SecretSealer } from '../security/secret-sealer.js';

type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

export function safeStorageSealer(safeStorage: SafeStorageLike): SecretSealer {
  return {
    kind: "the operating system's key store",
    available() {
      if (!safeStorage.isEncryptionAvailable()) return false;
      return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
    },
    seal: (plain) => safeStorage.encryptString(plain),
    unseal: (sealed) => safeStorage.decryptString(sealed),
  };
}
