/**
 * The motion trigger, as a pure state machine over the camera's own clock (like FinishLynx's automatic capture):
 * armed, it starts recording when something enters the band around the finish line, keeps the pre-trigger buffer
 * (the frames of the `preTrigger` before that moment, held in memory while armed), and stops `stopAfter` after the
 * last movement in the band. Record and Stop work at any time; a recording started by hand is stopped by hand.
 */
import { NS_PER_S, type Ticks } from '../time/ticks.js';

export interface TriggerSettings {
  /** Fraction of the band's samples that must change (0–1) for a frame to count as movement. */
  threshold: number;
  /** Consecutive moving frames that start a recording (one noisy frame does not). */
  confirmFrames: number;
  /** How long the band must stay still before a triggered recording stops. */
  stopAfter: Ticks;
  /** How much of what came before the trigger is kept. */
  preTrigger: Ticks;
}

export const DEFAULT_TRIGGER: TriggerSettings = Object.freeze({
  threshold: 0.02,
  confirmFrames: 2,
  stopAfter: 2n * NS_PER_S,
  preTrigger: 2n * NS_PER_S,
});

export type TriggerState =
  | { kind: 'idle' }
  /** Watching the band; `since` is the first frame of the current run of moving frames. */
  | { kind: 'armed'; streak: number; since: Ticks | null }
  | { kind: 'recording'; by: 'motion' | 'manual'; startedAt: Ticks; lastMotion: Ticks };

export type TriggerEvent =
  | { kind: 'arm' }
  | { kind: 'disarm' }
  | { kind: 'record'; at: Ticks }
  | { kind: 'stop'; at: Ticks }
  /** A frame arrived with this much movement in the band (fraction of samples changed). */
  | { kind: 'frame'; time: Ticks; motion: number };

export type TriggerAction =
  | { kind: 'none' }
  /** Start recording; keep buffered frames from `keepFrom` on (the pre-trigger), `at` is the trigger moment. */
  | { kind: 'start'; at: Ticks; keepFrom: Ticks; by: 'motion' | 'manual' }
  | { kind: 'stop'; at: Ticks; by: 'motion' | 'manual' };

export const IDLE: TriggerState = Object.freeze({ kind: 'idle' });
const NONE: TriggerAction = Object.freeze({ kind: 'none' });

export interface TriggerStep {
  state: TriggerState;
  action: TriggerAction;
}

export function stepTrigger(state: TriggerState, event: TriggerEvent, settings: TriggerSettings = DEFAULT_TRIGGER): TriggerStep {
  switch (event.kind) {
    case 'arm':
      return { state: state.kind === 'idle' ? { kind: 'armed', streak: 0, since: null } : state, action: NONE };
    case 'disarm':
      return { state: state.kind === 'armed' ? IDLE : state, action: NONE };
    case 'record':
      if (state.kind === 'recording') return { state, action: NONE };
      // Pressed while armed, the buffer is there: keep it as a triggered start would.
      return {
        state: { kind: 'recording', by: 'manual', startedAt: event.at, lastMotion: event.at },
        action: { kind: 'start', at: event.at, keepFrom: state.kind === 'armed' ? event.at - settings.preTrigger : event.at, by: 'manual' },
      };
    case 'stop':
      if (state.kind !== 'recording') return { state: IDLE, action: NONE };
      return { state: IDLE, action: { kind: 'stop', at: event.at, by: 'manual' } };
    case 'frame':
      return onFrame(state, event.time, event.motion >= settings.threshold, settings);
  }
}

function onFrame(state: TriggerState, time: Ticks, moving: boolean, settings: TriggerSettings): TriggerStep {
  if (state.kind === 'armed') {
    if (!moving) return { state: state.streak === 0 ? state : { kind: 'armed', streak: 0, since: null }, action: NONE };
    const since = state.since ?? time;
    const streak = state.streak + 1;
    if (streak < settings.confirmFrames) return { state: { kind: 'armed', streak, since }, action: NONE };
    return {
      state: { kind: 'recording', by: 'motion', startedAt: since, lastMotion: time },
      action: { kind: 'start', at: since, keepFrom: since - settings.preTrigger, by: 'motion' },
    };
  }
  if (state.kind === 'recording') {
    if (moving) return { state: { ...state, lastMotion: time }, action: NONE };
    if (state.by === 'motion' && time - state.lastMotion >= settings.stopAfter) return { state: IDLE, action: { kind: 'stop', at: time, by: 'motion' } };
  }
  return { state, action: NONE };
}
