/** Bounded, ordered concurrency: up to `limit` tasks run at once, results come out in index order. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CancelledError } from '../domain/errors.js';

export async function* orderedMap<R>(count: number, limit: number, task: (index: number) => Promise<R>, signal?: AbortSignal): AsyncGenerator<R> {
  const pending = new Map<number, Promise<R>>();
  let next = 0;
  const launch = () => {
    while (next < count && pending.size < limit) {
      const p = task(next);
      // Failures surface when their turn comes; until then keep Node from reporting them as unhandled.
      p.catch(() => undefined);
      pending.set(next, p);
      next++;
    }
  };
  for (let i = 0; i < count; i++) {
    if (signal?.aborted) throw new CancelledError('Build cancelled.');
    launch();
    const p = pending.get(i) as Promise<R>;
    const value = await p;
    pending.delete(i);
    yield value;
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError('Build cancelled.');
}

/** How long such a loop holds the event loop at most (about 20 noisy 720p frames read and hashed). */
export const EVENT_LOOP_SLICE_MS = 8;

/**
 * For synchronous work done in a loop on this thread (cheaper than the thread pool's hand-overs: jpeg-scan.ts,
 * jpeg-list-input.ts): call the returned function between items; once `ms` have gone since the last turn, it lets
 * the event loop turn (progress, cancelling, the desktop app's other requests) before the loop goes on.
 */
export function eventLoopSlices(ms = EVENT_LOOP_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since <= ms) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
