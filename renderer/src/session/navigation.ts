/** Navigation slice: which screen is up (start, set-up, workspace), what is loading, and the app's facts. */
import type { LeanRaceView } from '../../../app/api/types.js';
import { showError } from './notices.js';
import { api, presentRace } from './race.js';
import { showStoredSuggestions } from './suggestions.js';
import { session, setSlice, type SessionState, type SetupKind, type SetupPreset } from './state.js';

export const selectNavigation = (s: SessionState) => s.navigation;
export const selectOnWorkspaceScreen = (s: SessionState) => s.navigation.screen.kind === 'workspace';
export const selectNativeDialogs = (s: SessionState) => s.navigation.info?.nativeDialogs === true;
/** True while the workspace is up with a race in it: the workspace's actions and shortcuts apply. */
export const selectInWorkspace = (s: SessionState) => s.navigation.screen.kind === 'workspace' && s.navigation.busy === null && s.race.view !== null;

async function opening(label: string, open: () => Promise<LeanRaceView>): Promise<void> {
  session.set((s) => ({ navigation: { ...s.navigation, busy: label }, notices: { ...s.notices, error: null } }));
  try {
    await presentRace(await open());
    // Stored with the evidence at build time: on screen at once, no S needed.
    void showStoredSuggestions();
  } catch (err) {
    showError(err);
  }
}

export const openDemoRace = () => opening('Opening the demo race…', () => api().openDemoRace({}));
export const openRaceAt = (path: string) => opening(`Opening ${path}…`, () => api().openRace({ path }));

export async function startApp(): Promise<void> {
  setSlice('navigation', { busy: 'Starting…' });
  try {
    const info = await api().getAppInfo({});
    setSlice('navigation', { info, busy: null });
    if (info.startup?.kind === 'demo') await openDemoRace();
    else if (info.startup?.kind === 'race') await openRaceAt(info.startup.path);
  } catch (err) {
    showError(err);
  }
}

/** The set-up screen for footage at `source` (`preset`: a meet's scheduled race). */
export function openSetup(source: string, sourceKind: SetupKind, preset?: SetupPreset): void {
  session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'setup', source, sourceKind, ...(preset ? { preset } : {}) } }, notices: { ...s.notices, error: null } }));
}

/** The Meet screen: a meet folder's schedule and its races' states. */
export function openMeetScreen(path: string): void {
  session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'meet', path } }, notices: { ...s.notices, error: null } }));
}

/** The capture screen: a camera at the line. */
export function openCapture(): void {
  session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'capture' } }, notices: { ...s.notices, error: null } }));
}

/** The capture screen for a meet's scheduled race: its name, folder and start list filled in. */
export function openCaptureFor(preset: SetupPreset): void {
  session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'capture', preset } }, notices: { ...s.notices, error: null } }));
}

export function goToStart(): void {
  session.set((s) => ({ navigation: { ...s.navigation, screen: { kind: 'start' } }, dialog: { open: null }, notices: { ...s.notices, error: null } }));
}
