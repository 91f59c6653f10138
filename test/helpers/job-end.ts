/** Waits for a job of the running service (a build) to finish, with its outcome. */
import type { ApiEvent } from '../../app/api/events.js';
import type { RunningService } from '../../app/service/create-service.js';

export function jobEnd(running: RunningService, jobId: string): Promise<Extract<ApiEvent, { type: 'job-finished' }>> {
  return new Promise((resolve) => {
    const off = running.subscribe((e) => {
      if (e.type === 'job-finished' && e.jobId === jobId) {
        off();
        resolve(e);
      }
    });
  });
}
