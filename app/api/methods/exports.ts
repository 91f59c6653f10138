/** What leaves the app: the result sheet and data exports. */
import { z } from 'zod';
import { method } from '../define.js';
import type { CloseupsView, ExportResult } from '../types.js';
import { filePath, raceId } from './app.js';

export const exportRequest = z.object({
  raceId,
  /** Explicit output files; where none is given, all five are written into the race's `exports/` folder. */
  pdf: filePath.optional(),
  csv: filePath.optional(),
  json: filePath.optional(),
  lif: filePath.optional(),
  png: filePath.optional(),
  /** The picture to post: the image, the enlargement of the decisive finish and a caption band, JPEG with XMP. */
  photo: filePath.optional(),
  /**
   * Where no file is named: the folder the default-named files go to (the UI's "export to folder…"), instead of
   * the race's `exports/`; `kinds` says which are written there (by default the five files, not the photo).
   */
  folder: filePath.optional(),
  kinds: z.array(z.enum(['pdf', 'csv', 'json', 'lif', 'png', 'photo'])).min(1).optional(),
  paper: z.enum(['A4', 'Letter']).default('A4'),
  /** The FinishLynx .lif's time and delta precision (the meet's database precision); default 0.01, motorsport 0.001. */
  lifPrecision: z.enum(['0.01', '0.001']).optional(),
  /** Replace existing files that are not earlier exports of this race (the official confirmed it). */
  overwrite: z.boolean().default(false),
  /** Export a race whose certification does not hold (NOT VALID) anyway: every page and the photo say NOT VERIFIED. */
  unverified: z.boolean().default(false),
});
export type ExportRequest = z.output<typeof exportRequest>;

export const exportMethods = {
  exportRace: method(exportRequest).returns<ExportResult>(),
  /**
   * The desktop app's Open and Show in folder for an exported file (`file`: its path as the export gave it, inside the
   * race's `exports/`): the system's viewer opens it, or its folder opens with it selected. Refused in a browser.
   */
  openExport: method(z.object({ raceId, file: filePath, how: z.enum(['open', 'show']) })).returns<{ ok: true }>(),
  /** The enlargements of the close finishes (the decisive one first), as the result sheet prints them. */
  getCloseups: method(z.object({ raceId })).returns<CloseupsView>(),
};
