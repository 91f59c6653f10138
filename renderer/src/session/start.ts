/**
 * Start slice: how time zero is to be found, as the official chose it in set-up, until the Start dialog takes it
 * over; and the changes the dialog makes (each signed by the official, refused while the race is certified).
 */
import { api, change } from './race.js';
import { openDialog } from './dialogs.js';
import { session, setSlice, type SessionState } from './state.js';

export type StartMethod = 'audio' | 'flash' | 'typed';

export interface StartPlan {
  method: StartMethod;
  /** audio: a sound file on the footage's clock ('' for the video's own track); metres and °C as typed. */
  audioPath: string;
  distanceM: string;
  temperatureC: string;
  /** typed: time zero on the footage clock, seconds. */
  timeS: string;
  /** Set-up's plans: the footage they were made for (only the race built from it takes the plan). */
  source?: string;
}

/** No temperature until one is typed: 20 °C is then assumed within ±5 °C (the sound delay's uncertainty says so). */
export const DEFAULT_PLAN: StartPlan = { method: 'audio', audioPath: '', distanceM: '', temperatureC: '', timeS: '' };

export const selectStartPlan = (s: SessionState) => s.start.plan;

/** Set-up's choice (null: none, times stay on the footage clock until someone sets a start). */
export function planStart(plan: StartPlan | null): void {
  setSlice('start', { plan });
}

/** Whether a plan waiting from set-up was made for this race's footage. */
export function planIsFor(plan: StartPlan, footagePath: string): boolean {
  const last = (p: string) => p.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? p;
  return plan.source === undefined || last(plan.source) === last(footagePath);
}

/** Opens the Start dialog (with set-up's plan, when one is waiting). */
export function openStartDialog(): void {
  openDialog('start');
}

/** The plan set-up left for this race, read while the dialog renders (without changing the session). */
export function waitingStartPlan(): StartPlan | null {
  return session.get().start.plan;
}

const text = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The engine's arguments for a plan: only what the method takes. */
export function startArgs(plan: StartPlan) {
  if (plan.method === 'typed') return { method: 'typed' as const, timeS: plan.timeS.trim() };
  if (plan.method === 'flash') return { method: 'flash' as const };
  return { method: 'audio' as const, audioPath: text(plan.audioPath), distanceM: text(plan.distanceM), temperatureC: text(plan.distanceM) ? text(plan.temperatureC) : undefined };
}

export function confirmStart(plan: StartPlan): Promise<boolean> {
  return change('change the start', (by, raceId) => api().setStart({ raceId, ...startArgs(plan), by }));
}

export function clearStart(): Promise<boolean> {
  return change('clear the start', (by, raceId) => api().clearStart({ raceId, by }));
}

export function attachZeroControl(reportPath: string): Promise<boolean> {
  return change('attach a zero-control report', (by, raceId) => api().attachZeroControl({ raceId, reportPath: reportPath.trim(), by }));
}
