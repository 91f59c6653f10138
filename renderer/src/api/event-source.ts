/**
 * Reads the bridge's server-sent events with fetch (EventSource cannot send a bearer header) and reconnects with a
 * growing delay (1 s doubling to 15 s) whenever the stream drops, until stopped. One stream serves every listener.
 */
import type { ApiEvent } from '../../../app/api/events.js';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;

export interface EventStreamOptions {
  url: string;
  headers: () => Record<string, string>;
  onEvent(event: ApiEvent): void;
}

/** Starts reading; returns the function that stops for good. */
export function startEventStream(opts: EventStreamOptions): () => void {
  const controller = new AbortController();
  let delay = FIRST_DELAY_MS;

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(opts.url, { headers: { Accept: 'text/event-stream', ...opts.headers() }, signal: controller.signal });
        if (res.ok && res.body) {
          delay = FIRST_DELAY_MS;
          await readMessages(res.body, opts.onEvent);
        }
      } catch {
        // Dropped or refused: retried below unless we were stopped.
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  };
  void run();
  return () => controller.abort();
}

/** Splits an event stream into messages and hands each `data:` payload (JSON) to `onEvent`. */
export async function readMessages(body: ReadableStream<Uint8Array>, onEvent: (event: ApiEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      try {
        onEvent(JSON.parse(data) as ApiEvent);
      } catch {
        // A malformed message is skipped; the stream goes on.
      }
    }
  }
}
