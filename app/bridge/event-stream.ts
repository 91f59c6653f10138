/**
 * Server-sent events for browser mode: every event the service emits goes to every connected tab as one
 * `data: <json>` message. A comment line every 15 s keeps idle connections (and proxies) from timing out, and
 * `retry:` tells clients how soon to reconnect after the bridge restarts.
 */
import type { ServerResponse } from 'node:http';
import type { ApiEvent } from '../api/events.js';
import type { RunningService } from '../service/create-service.js';

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

export interface EventStreams {
  open(res: ServerResponse, headers: Record<string, string>): void;
  closeAll(): void;
  readonly count: number;
}

export function createEventStreams(running: RunningService): EventStreams {
  const streams = new Set<ServerResponse>();
  return {
    open(res, headers) {
      res.writeHead(200, {
        ...headers,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const send = (event: ApiEvent) => {
        if (!res.writableEnded) res.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = running.subscribe(send);
      const heartbeat = setInterval(() => {
        if (!res.writableEnded) res.write(': ping\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
      streams.add(res);
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
      });
    },
    closeAll() {
      for (const res of streams) res.end();
      streams.clear();
    },
    get count() {
      return streams.size;
    },
  };
}
