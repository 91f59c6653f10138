/** Bounded, ordered concurrency: up to `limit` tasks run at once, results come out in index order. */
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
