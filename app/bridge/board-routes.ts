/**
 * The board's side of the bridge (`serve --meet MEETDIR`): `/board` (page, script, style: no token, like the
 * renderer's files), `/board/events` (server-sent events: the board now, then on every change) and the one API
 * call the board's read-only token may make, `getBoard` of this meet. With the board token every other API
 * method, the workspace's event stream and race files are refused: it can read the board and change nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { BoardView } from '../api/types.js';
import { log } from '../runtime/log.js';
import type { RunningService } from '../service/create-service.js';
import { hasBearer } from './auth.js';
import { BOARD_CSS, BOARD_HTML, BOARD_JS } from './board-page.js';

const HEARTBEAT_MS = 15_000;
/** Another station's save reaches this board within this time (it reads the meet's output folder). */
const POLL_MS = 1000;
/** A board token replaced by `meet board --new-token` stops working within this time. */
const TOKEN_TTL_MS = 2000;

export interface BoardRoutes {
  /** True when the request carries this meet's board token (not the official's). */
  isBoardRequest(req: IncomingMessage): Promise<boolean>;
  /** The API call the board token may make: `getBoard` of this meet only. */
  allows(name: string, args: unknown): boolean;
  /** Serves a `/board…` path; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string, headers: Readonly<Record<string, string>>, officialToken: string): Promise<boolean>;
  closeAll(): void;
}

export function createBoardRoutes(running: RunningService, meetDir: string): BoardRoutes {
  const meet = path.resolve(meetDir);
  let token: { value: string; at: number } | null = null;
  const boardToken = async (): Promise<string> => {
    if (!token || Date.now() - token.at > TOKEN_TTL_MS) token = { value: (await running.service.openMeet({ path: meet })).boardToken, at: Date.now() };
    return token.value;
  };
  const streams = new Set<ServerResponse>();

  const isBoardRequest = async (req: IncomingMessage) => hasBearer(req, await boardToken());

  function openStream(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
    res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 2000\n: connected\n\n');
    let last = '';
    let busy = false;
    let again = false;
    const push = async (): Promise<void> => {
      if (res.writableEnded) return;
      if (busy) {
        again = true; // a change arrived while the board was being read: read it again right after
        return;
      }
      busy = true;
      try {
        const board: BoardView = await running.service.getBoard({ path: meet });
        const text = JSON.stringify(board);
        if (text !== last && !res.writableEnded) res.write(`data: ${text}\n\n`);
        last = text;
      } catch (err) {
        log().warn({ err, meet }, 'the board could not be read');
      } finally {
        busy = false;
      }
      if (again) {
        again = false;
        await push();
      }
    };
    void push();
    const unsubscribe = running.subscribe((e) => {
      if (e.type === 'meet-changed' && path.resolve(e.path) === meet) void push();
    });
    const poll = setInterval(() => void push(), POLL_MS);
    const heartbeat = setInterval(() => res.writableEnded || res.write(': ping\n\n'), HEARTBEAT_MS);
    poll.unref();
    heartbeat.unref();
    streams.add(res);
    res.on('close', () => {
      clearInterval(poll);
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  }

  const send = (res: ServerResponse, headers: Readonly<Record<string, string>>, type: string, body: string) => {
    res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store' });
    res.end(body);
  };

  return {
    isBoardRequest,
    allows(name, args) {
      const given = (args as { path?: unknown } | null)?.path;
      return name === 'getBoard' && typeof given === 'string' && path.resolve(given) === meet;
    },
    async handle(req, res, rawPath, headers, officialToken) {
      const files: Record<string, [string, string]> = {
        '/board': ['text/html; charset=utf-8', BOARD_HTML],
        '/board/board.js': ['text/javascript; charset=utf-8', BOARD_JS],
        '/board/board.css': ['text/css; charset=utf-8', BOARD_CSS],
      };
      const file = files[rawPath];
      if (file) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return false;
        send(res, headers, file[0], file[1]);
        return true;
      }
      if (rawPath !== '/board/events') return false;
      if (!hasBearer(req, officialToken) && !(await isBoardRequest(req))) {
        log().warn('bridge refused a board stream without the board token');
        res.writeHead(401, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' });
        res.end('Missing or wrong board token.');
        return true;
      }
      openStream(res, headers);
      return true;
    },
    closeAll() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
