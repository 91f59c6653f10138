import type { Hint, HintFacts } from '../domain/errors.js';
import type { ActionId } from './actions.js';
import type { CaptureColumns } from '../domain/capture/capture-results.js';

/** Events the service pushes to every connected client (IPC `webContents.send`, bridge SSE, CLI progress bar). */
export type ApiEvent =
  | {
      type: 'job-progress';
      jobId: string;
      phase: string;
      done: number;
      total: number;
      /** Items (frames) per second over the job so far. */
      rate: number;
      etaS: number | null;
    }
  | { type: 'job-finished'; jobId: string; state: 'done' | 'failed' | 'cancelled'; error?: string; hint?: Hint; facts?: HintFacts; racePath?: string }
  | { type: 'race-changed'; raceId: string; revision: number; auditCount: number }
  /**
   * A meet's input files were applied or its results saved: its schedule, states or board may have changed;
   * `refused`: the start-list changes of the input files not applied (one line each, for the official).
   */
  | { type: 'meet-changed'; path: string; changed: string[]; refused: string[] }
  /** An FFmpeg capture's live picture: the finish line's pixels of each frame since the last event, and its losses. */
  | { type: 'capture-columns'; captureId: string; columns: CaptureColumns }
  /** An FFmpeg capture stopped by itself (the stream ended or failed; `error` says why), or by its trigger. */
  | { type: 'capture-ended'; captureId: string; error?: string; hint?: Hint; facts?: HintFacts }
  /** A native menu item was chosen (desktop app only); the renderer performs it. `path` is set for open-recent. */
  | { type: 'menu'; action: MenuAction; path?: string };

/** What the desktop app's native menu asks the renderer to do: an action of the registry (app/api/actions.ts). */
export type MenuAction = ActionId;

export type ApiEventListener = (event: ApiEvent) => void;
