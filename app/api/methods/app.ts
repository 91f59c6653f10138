/** App-level operations: info, recent races, opening races, a race's evidence and column times, native dialogs. */
import { z } from 'zod';
import { method } from '../define.js';
import type { EvidenceManifest } from '../../domain/race/evidence.js';
import type { AppInfo, ColumnTimesView, LeanRaceView, RecentRace } from '../types.js';

export const raceId = z.string().min(1).max(128);
export const filePath = z.string().min(1).max(4096);
export const actor = z.string().trim().min(1, 'name of the official is required').max(120);

export const appMethods = {
  getAppInfo: method(z.object({})).returns<AppInfo>(),
  listRecentRaces: method(z.object({})).returns<RecentRace[]>(),
  /** Opens the bundled demo race (rendered on first use into the user's data folder). */
  openDemoRace: method(z.object({})).returns<LeanRaceView>(),
  /** `readOnly`: only to look (nothing is repaired or written; a command such as `results` on a full disk). */
  openRace: method(z.object({ path: filePath, readOnly: z.boolean().optional() })).returns<LeanRaceView>(),
  getRace: method(z.object({ raceId })).returns<LeanRaceView>(),
  /**
   * The race's evidence manifest as the build wrote it: every source file with its size and SHA-256, the tiles'
   * hashes, the timing. Not part of the race view (it grows with the footage); asked for where it is shown.
   */
  getEvidence: method(z.object({ raceId })).returns<EvidenceManifest>(),
  /** The exact time of every composite column (and its source frame): once per race opened, not with each change. */
  getColumnTimes: method(z.object({ raceId })).returns<ColumnTimesView>(),
  closeRace: method(z.object({ raceId })).returns<void>(),
  /**
   * A failure in the renderer (uncaught error, unhandled rejection, a component that threw), for the log file.
   * Bounded: a runaway page cannot fill the disk through it (the renderer also sends at most a few per page).
   */
  reportRendererFailure: method(
    z.object({
      kind: z.enum(['error', 'unhandledrejection', 'component']),
      message: z.string().max(2000),
      stack: z.string().max(20_000).optional(),
      componentStack: z.string().max(20_000).optional(),
      url: z.string().max(2000).optional(),
    }),
  ).returns<void>(),
  /** Native open/save dialog in the desktop app; resolves `{ path: null }` where the shell has none (browser). */
  pickPath: method(
    z.object({
      purpose: z.enum(['frames', 'video', 'linescan', 'race', 'start-list', 'timestamps', 'export-folder', 'audio']),
      title: z.string().max(200).optional(),
    }),
  ).returns<{ path: string | null }>(),
};
