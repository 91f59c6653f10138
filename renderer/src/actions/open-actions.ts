/** Opening footage or a race from the desktop app's file dialogs (the browser has none: it uses the start screen). */
import { rendererApi } from '../api/index.js';
import { goToStart, openRaceAt, openSetup } from '../session/navigation.js';
import { showError } from '../session/notices.js';
import { session } from '../session/state.js';

export async function pickAndOpen(purpose: 'frames' | 'video' | 'race'): Promise<void> {
  try {
    const picked = (await rendererApi.api.pickPath({ purpose })).path;
    if (!picked) return;
    if (purpose === 'race') await openRaceAt(picked);
    else openSetup(picked, purpose);
  } catch (err) {
    showError(err);
  }
}

/** Another race: the file dialog in the desktop app, the start screen (path field, recent races) in a browser. */
export function openAnotherRace(): void {
  if (session.get().navigation.info?.nativeDialogs === true) void pickAndOpen('race');
  else goToStart();
}
