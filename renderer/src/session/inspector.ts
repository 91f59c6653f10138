/** Inspector slice: the source frame behind a composite column, and stepping to the frames around it. */
import { session, setSlice, type SessionState } from './state.js';

export const selectInspector = (s: SessionState) => s.inspector;

/** Frames the inspector may step away from the hairline's own. */
const MAX_STEP = 1000;

export function inspectColumn(column: number): void {
  setSlice('inspector', { column, step: 0 });
}

export function stepInspector(delta: number): void {
  setSlice('inspector', { step: Math.max(-MAX_STEP, Math.min(MAX_STEP, session.get().inspector.step + delta)) });
}

export function setInspectorFollows(follow: boolean): void {
  setSlice('inspector', { follow });
}

/** Whether the inspector follows the hairline when the pointer rests. */
export function inspectorFollows(): boolean {
  return session.get().inspector.follow;
}
