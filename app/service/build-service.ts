/**
 * Service operations of the build area (see app/api/methods/build.ts): probing footage, building a race as a job
 * (progress and completion pushed as `job-progress` / `job-finished` events, cancel through an AbortSignal), and
 * source frames for the set-up view and the inspector. The imaging modules (sharp, ffmpeg sources, the build) are
 * loaded by the first operation that needs them, so a service that never builds never pays for them.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import { remedyOf, toApiError } from '../api/errors.js';
import { logUnexpected } from '../runtime/log.js';
import { toRaceBuildRequest, type buildMethods } from '../api/methods/build.js';
import type { JobStatus } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { loadManifest, readTimes } from '../store/evidence-reader.js';
import { recordRaceSources } from '../store/source-index.js';
import { checkWritableFolder } from '../store/write-guard.js';
import { systemErrorCondition } from '../domain/system-errors.js';
import { logWarning } from '../runtime/log.js';
import type { ServiceContext } from './context.js';
import { suggestAtBuild } from './suggest-at-build.js';

export type BuildService = Pick<PhotofinishService, keyof typeof buildMethods>;

interface Job {
  status: JobStatus;
  controller: AbortController;
}

/** Finished jobs kept for getJob; older ones are forgotten. */
const KEEP_FINISHED = 50;

const sourceFrames = () => import('../imaging/source-frame.js');

export function createBuildService(ctx: ServiceContext): BuildService {
  const jobs = new Map<string, Job>();

  const jobOf = (jobId: string): Job => {
    const job = jobs.get(jobId);
    if (!job) throw new UserError(`No build job ${jobId}`, 'NOT_FOUND');
    return job;
  };

  const forgetOld = () => {
    const finished = [...jobs.values()].filter((j) => j.status.state !== 'running');
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(j.status.jobId);
  };

  const run = async (job: Job, request: Parameters<BuildService['startBuild']>[0]) => {
    const { jobId } = job.status;
    try {
      // The write guard: a new race never goes inside another race folder (a certified race's evidence/) or among
      // the footage of a known race, its own included.
      const source = path.resolve(request.source);
      await checkWritableFolder(path.dirname(path.resolve(request.out)), { dataDir: ctx.dataDir, ownSources: { files: [source], folders: [source] } });
      const { buildRace } = await import('../imaging/race-builder/build-race.js');
      const { racePath } = await buildRace(toRaceBuildRequest(request), {
        signal: job.controller.signal,
        ...(request.suggestions === false ? {} : { suggest: suggestAtBuild }),
        onProgress: (p) => {
          job.status.done = p.done;
          job.status.total = p.total;
          ctx.emit({ type: 'job-progress', jobId, ...p });
        },
      });
      // The index of sources: from now on no export, report or recording of any race writes over this footage.
      await loadManifest(racePath)
        .then((manifest) => recordRaceSources(ctx.dataDir, racePath, manifest))
        .catch((err: unknown) => logWarning(`the index of race sources could not be saved in ${ctx.dataDir} (${systemErrorCondition(err)})`, 'build'));
      job.status.state = 'done';
      job.status.racePath = racePath;
      ctx.emit({ type: 'job-finished', jobId, state: 'done', racePath });
    } catch (err) {
      const shape = toApiError(err);
      if (shape.code === 'INTERNAL') logUnexpected(err, 'build job', { source: request.source });
      job.status.state = shape.code === 'CANCELLED' || job.controller.signal.aborted ? 'cancelled' : 'failed';
      const cancelled = job.status.state === 'cancelled';
      job.status.error = cancelled ? 'Build cancelled.' : shape.message;
      const remedy = cancelled ? {} : remedyOf(shape);
      Object.assign(job.status, remedy);
      ctx.emit({ type: 'job-finished', jobId, state: job.status.state, error: job.status.error, ...remedy });
    } finally {
      forgetOld();
    }
  };

  return {
    async probeSource({ path: p }) {
      const { probeSource } = await sourceFrames();
      return probeSource(path.resolve(p));
    },
    async proposeLine({ path: p }) {
      const { proposeLineForSource } = await import('../imaging/line-proposal.js');
      return { proposal: await proposeLineForSource(path.resolve(p)) };
    },
    async getProbeFrame({ path: p, index }) {
      const { renderProbeFrame } = await sourceFrames();
      return renderProbeFrame(path.resolve(p), index);
    },
    async startBuild(request) {
      const jobId = randomUUID().replace(/-/g, '').slice(0, 16);
      const job: Job = { status: { jobId, state: 'running', done: 0, total: 0 }, controller: new AbortController() };
      jobs.set(jobId, job);
      // Runs after this call returns, so the caller knows the id before the first event.
      setImmediate(() => void run(job, request));
      return { jobId };
    },
    async getJob({ jobId }) {
      return { ...jobOf(jobId).status };
    },
    async cancelJob({ jobId }) {
      const job = jobOf(jobId);
      if (job.status.state === 'running') job.controller.abort();
      return { ...job.status };
    },
    async getSourceFrame({ raceId, column, step }) {
      const racePath = ctx.races.pathOf(raceId);
      const [manifest, times, { renderSourceFrame }] = await Promise.all([loadManifest(racePath), readTimes(racePath), sourceFrames()]);
      return renderSourceFrame(manifest, times, { column }, step);
    },
  };
}
