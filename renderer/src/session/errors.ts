import { appErrorText } from '../errors/hints.js';

/** What a person sees when something fails: the engine's one-line message and its remedy in the app's words, never a stack. */
export function messageOf(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err && typeof (err as { message: unknown }).message === 'string') {
    const name = (err as { name?: unknown }).name;
    const message = ((err as { message: string }).message.split('\n')[0] ?? '').trim();
    if (name === 'TypeError' && /fetch|network/i.test(message)) return 'Cannot reach the Photofinish engine. Is it still running?';
    const { hint, facts } = err as { hint?: unknown; facts?: unknown };
    return message ? appErrorText(message, hint, facts) : 'Something went wrong.';
  }
  return String(err);
}
