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
  | { type: 'job-finished'; jobId: string; state: 'done' | 'failed' | 'cancelled'; error?: string; racePath?: string }
  | { type: 'race-changed'; raceId: string; revision: number; auditCount: number };

export type ApiEventListener = (event: ApiEvent) => void;
