/**
 * The official's three acts on a finished race, started here like every other change (dialogs only collect the
 * words): certifying it (frozen under the official's name), amending it (reopened with a reason), and exporting its
 * sheet and files. Certify and amend go through `change()`, so they are signed, refused while no name is set, and
 * shown as the engine returns them.
 */
import type { ExportResult } from '../../../app/api/types.js';
import { openDialog } from './dialogs.js';
import { setOfficial } from './official.js';
import { api, change } from './race.js';
import { session } from './state.js';

/** Certifies the open race; on success the export dialog follows (the sheet is the next thing an official wants). */
export async function certifyRace(official: string, role: string): Promise<boolean> {
  setOfficial(official.trim());
  const ok = await change(null, (_by, raceId) => api().certify({ raceId, official: official.trim(), role: role.trim() || 'Chief photo-finish judge' }));
  if (ok) openDialog('export');
  return ok;
}

/** Reopens the certified race as a new revision, the reason recorded in its audit log and on every later sheet. */
export function amendRace(official: string, reason: string): Promise<boolean> {
  setOfficial(official.trim());
  return change(null, (by, raceId) => api().amend({ raceId, by, reason: reason.trim() }));
}

/** The files every export writes; the posted photo is asked for on its own. */
export const EXPORT_FILE_KINDS = ['pdf', 'csv', 'json', 'lif', 'png'] as const;

/**
 * Exports the open race into its `exports/` folder. Rejects with the engine's error (a `replace-file` hint names a
 * file the export did not write itself, for the dialog to ask about); `overwrite` after the official confirmed.
 */
export async function exportOpenRace(options: { paper: 'A4' | 'Letter'; overwrite: boolean; photo: boolean }): Promise<ExportResult | null> {
  const race = session.get().race.view;
  if (!race) return null;
  const kinds = options.photo ? [...EXPORT_FILE_KINDS, 'photo' as const] : [...EXPORT_FILE_KINDS];
  return api().exportRace({ raceId: race.raceId, paper: options.paper, overwrite: options.overwrite, kinds });
}
