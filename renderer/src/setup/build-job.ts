/**
 * Following a build job on screen (set-up, capture, an unfinished recording): its progress as the service pushes it,
 * a poll as well (events can be missed while a stream reconnects), and at the end the race opened in the workspace,
 * shown mirrored when competitors crossed left to right so they face the way they travel.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiEvent } from '../../../app/api/events.js';
import type { CaptureBuildPlan } from '../../../app/domain/capture/capture-folder.js';
import { rendererApi } from '../api/index.js';
import { appErrorText } from '../errors/hints.js';
import { openRaceAt } from '../session/navigation.js';
import { change } from '../session/race.js';
import { session } from '../session/state.js';
import type { JobView } from './BuildProgress.js';

/** Which way competitors cross the picture, as the capture plan (and the set-up screen) names it. */
export type Travel = CaptureBuildPlan['travel'];

export interface BuildJobHandlers {
  onDone(racePath: string | undefined): void;
  onFailed(message: string): void;
}

export function useBuildJob(handlers: BuildJobHandlers): { job: JobView | null; follow(jobId: string, total: number): void; cancel(): Promise<void> } {
  const [job, setJob] = useState<JobView | null>(null);
  const jobRef = useRef<string | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const finish = (state: 'done' | 'failed' | 'cancelled', error: string | undefined, racePath: string | undefined) => {
    if (!jobRef.current) return;
    jobRef.current = null;
    if (state === 'done') {
      setJob((j) => (j ? { ...j, done: j.total } : j));
      handlersRef.current.onDone(racePath);
    } else {
      setJob(null);
      handlersRef.current.onFailed(state === 'cancelled' ? 'Build cancelled. Nothing was written.' : (error ?? 'The build failed.'));
    }
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(
    () =>
      rendererApi.subscribe((e: ApiEvent) => {
        if ((e.type !== 'job-progress' && e.type !== 'job-finished') || e.jobId !== jobRef.current) return;
        if (e.type === 'job-progress') setJob({ jobId: e.jobId, phase: e.phase, done: e.done, total: e.total, rate: e.rate, etaS: e.etaS });
        else finishRef.current(e.state, e.error && appErrorText(e.error, e.hint, e.facts), e.racePath);
      }),
    [],
  );

  const jobId = job?.jobId;
  useEffect(() => {
    if (!jobId) return;
    const t = setInterval(() => {
      if (jobRef.current !== jobId) return;
      rendererApi.api
        .getJob({ jobId })
        .then((st) => {
          if (jobRef.current !== jobId) return;
          if (st.state === 'running') setJob((j) => (j ? { ...j, done: Math.max(j.done, st.done), total: st.total || j.total } : j));
          else finishRef.current(st.state, st.error && appErrorText(st.error, st.hint, st.facts), st.racePath);
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(t);
  }, [jobId]);

  // Stable for the screen's life, so effects that hold them (the recorder) are not started again.
  const controls = useMemo(
    () => ({
      follow(id: string, total: number) {
        jobRef.current = id;
        setJob({ jobId: id, phase: 'starting', done: 0, total, rate: 0, etaS: null });
      },
      async cancel() {
        if (jobRef.current) await rendererApi.api.cancelJob({ jobId: jobRef.current });
      },
    }),
    [],
  );
  return { job, ...controls };
}

/** Opens a race just built; time runs left to right by default, which mirrors competitors moving left to right. */
export async function openBuiltRace(racePath: string, travel: Travel): Promise<void> {
  await openRaceAt(racePath);
  const r = session.get().race.view;
  if (travel === 'left-to-right' && r && r.direction !== 'rtl') {
    await change('change the display direction', (by, raceId) => rendererApi.api.setDirection({ raceId, direction: 'rtl', by }));
  }
}
