/** Notices slice: the failure alert (until dismissed) and short-lived notices (five seconds). */
import { messageOf } from './errors.js';
import { session, setSlice, type SessionState } from './state.js';

export const selectNotices = (s: SessionState) => s.notices;
export const selectOfficialNameWanted = (s: SessionState) => s.notices.officialNameWanted;

const NOTICE_MS = 5000;

export function showError(err: unknown): void {
  session.set((s) => ({ notices: { ...s.notices, error: messageOf(err) }, navigation: { ...s.navigation, busy: null } }));
}

export function dismissError(): void {
  setSlice('notices', { error: null });
}

let noticeTimer: ReturnType<typeof setTimeout> | undefined;
export function showNotice(text: string): void {
  setSlice('notices', { notice: text });
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => setSlice('notices', { notice: null }), NOTICE_MS);
}

/** Says that a change needs the official's name, and has the name field take focus. */
export function askForOfficialName(): void {
  showNotice('Enter your name as the official (top right) before changing the race.');
  setSlice('notices', { officialNameWanted: session.get().notices.officialNameWanted + 1 });
}
