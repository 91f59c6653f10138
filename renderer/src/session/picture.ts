/** Picture slice: brightness, contrast, gamma and invert of the composite on screen (display only). */
import { DEFAULT_PICTURE, session, setSlice, type Adjustments, type SessionState } from './state.js';

export const selectPicture = (s: SessionState) => s.picture;

export function adjustPicture(patch: Partial<Adjustments>): void {
  setSlice('picture', patch);
}

export function toggleInvert(): void {
  adjustPicture({ invert: !session.get().picture.invert });
}

export function resetPicture(): void {
  session.set({ picture: DEFAULT_PICTURE });
}

export function isDefaultPicture(p: Adjustments): boolean {
  return p.brightness === 1 && p.contrast === 1 && p.gamma === 1 && !p.invert;
}
