/**
 * What the service needs from the face it runs behind (desktop shell, browser bridge, CLI). The service itself
 * imports nothing from Electron: a shell that has native dialogs passes them in here.
 */
import type { ApiEvent } from '../api/events.js';
import type { AppInfo } from '../api/types.js';
import type { SecretSealer } from '../security/secret-sealer.js';
import type { RaceRegistry } from './race-registry.js';

export type AppStartup = AppInfo['startup'];

export interface NativeDialogs {
  pick(purpose: string, title?: string): Promise<string | null>;
}

/** The desktop shell's hands on files (Electron's shell), for Open and Show in folder; null in a browser or the CLI. */
export interface DesktopFiles {
  /** Opens the file in the system's viewer; answers an error text, '' when it opened. */
  openPath(file: string): Promise<string>;
  showItemInFolder(file: string): void;
}

export interface ServiceContext {
  shell: 'electron' | 'browser' | 'cli';
  /** Per-user folder for recent races and the rendered demo race. */
  dataDir: string;
  dialogs: NativeDialogs | null;
  desktop: DesktopFiles | null;
  /** Protects the installation's signing key with the OS key store (desktop shell); null: a 0600 file (CLI). */
  sealer: SecretSealer | null;
  races: RaceRegistry;
  startup: AppStartup;
  emit(event: ApiEvent): void;
}
