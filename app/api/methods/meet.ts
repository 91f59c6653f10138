/** A meet: its schedule and races' states, the meet software's input files applied, the announcer's board. */
import { z } from 'zod';
import { method } from '../define.js';
import type { BoardView, MeetSyncResult, MeetView } from '../types.js';
import { filePath } from './app.js';

export const meetMethods = {
  /** The meet's settings, schedule (from its input files) and each race's state; starts watching its input folder. */
  openMeet: method(z.object({ path: filePath })).returns<MeetView>(),
  /** Applies the input files now: uncertified races get their new start list (audited as "meet input"). */
  syncMeet: method(z.object({ path: filePath })).returns<MeetSyncResult>(),
  /** The result last saved in the meet: the one call the board's read-only token may make. */
  getBoard: method(z.object({ path: filePath })).returns<BoardView>(),
};
