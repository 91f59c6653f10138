/**
 * The localhost HTTP bridge: browser mode (`photofinish serve`, `npm run web`) and the e2e tests talk to the same
 * service the desktop window uses, through the same `dispatchCall`.
 *
 * Routes (all answers carry the renderer's CSP and the other security headers):
 *   GET  /, /<file>                       the built renderer (dist/renderer), contained; no token needed
 *   POST /api/<method>                    JSON body → { ok, value } | { ok: false, error }; bearer token
 *                                         (methods that carry bytes: one octet-stream body, see app/api/binary-body.ts)
 *   GET  /api/events                      server-sent events (the renderer reads them with fetch + bearer)
 *   GET  /race-files/<raceId>/<path>      files of an open race (tiles, composite, exports); bearer token
 *   POST /auth/launch                     { code } → { token }: a one-time launch code traded for the token
 *   GET  /downloads/<raceId>/<name>       one file of the race's exports/, as an attachment (Download); bearer token
 *   GET  /board, /board/events            with `meet`: the announcer's board and its live stream; the board's own
 *                                         read-only token (board-routes.ts), which opens nothing else
 *
 * Sign-in: `launchUrl()` is `<origin>/#code=<one-time code>`, what is printed and handed to a browser: the page
 * trades the code for the token once, and the code is dead (a command line in the process list gives nothing).
 * `url` is `<origin>/#token=<token>`, for callers in this process only (the tests' browsers). Neither fragment
 * leaves the browser (not in logs, not in Referer); the renderer keeps the token in sessionStorage, clears the
 * fragment from the address bar and sends the token as a bearer header.
 * The bridge binds 127.0.0.1 only and checks Host/Origin against itself, so neither other machines nor web pages
 * that rebind a DNS name to 127.0.0.1 can reach it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dispatchCall } from '../api/dispatch.js';
import { binarySpecOf, isApiMethodName } from '../api/contract.js';
import { BINARY_CONTENT_TYPE, decodeBinaryCall, MAX_BINARY_ARGS_BYTES } from '../api/binary-body.js';
import { toApiError, type ApiErrorShape } from '../api/errors.js';
import { UserError } from '../domain/errors.js';
import { SECURITY_HEADERS } from '../security/csp.js';
import { isRefusal, locateRaceFile, locateRendererFile, type Refusal } from '../security/served-files.js';
import { log, logUnexpected } from '../runtime/log.js';
import type { RunningService } from '../service/create-service.js';
import { allowedHosts, createLaunchCodes, hasBearer, isSameSiteRequest, newBridgeToken } from './auth.js';
import { createBoardRoutes } from './board-routes.js';
import { createEventStreams } from './event-stream.js';
import { httpStatusOf } from './http-status.js';
import { sendFile } from './send-file.js';
import { attachmentHeader, exportDownload } from './download.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';

export const BRIDGE_HOST = '127.0.0.1';
/** Largest JSON request body; every JSON method takes a small object (paths, ids, a competitor). Binary methods
 * (a recorded frame) have their own limit, from the contract. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface BridgeOptions {
  running: RunningService;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 or absent: a random free port. */
  port?: number;
  /** Only 127.0.0.1 is accepted; anything else is refused. */
  host?: string;
  /** A fixed token (tests); by default 32 random bytes per run. */
  token?: string;
  /** A meet folder: serves its board (`/board`) to the meet's read-only board token. */
  meet?: string;
}

export interface RunningBridge {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The origin with the token in the fragment: for this process's own browsers (tests), never a command line. */
  url: string;
  /** What a person or a browser's command line gets: the origin with a fresh one-time launch code. */
  launchUrl(): string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export async function startBridge(opts: BridgeOptions): Promise<RunningBridge> {
  const host = opts.host ?? BRIDGE_HOST;
  if (host !== BRIDGE_HOST) throw new UserError(`The browser-mode server listens on ${BRIDGE_HOST} only, not on ${host}.`, 'INVALID_ARGUMENT');
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UserError(`Port ${port} is not a valid TCP port (0-65535).`, 'INVALID_ARGUMENT');
  const token = opts.token ?? newBridgeToken();
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) throw new UserError('The bridge token must be 16-200 URL-safe characters.', 'INVALID_ARGUMENT');

  if (!existsSync(path.join(opts.rendererDir, 'index.html'))) {
    throw new UserError(`The built renderer is missing (no index.html in ${opts.rendererDir}); run npm run build:renderer`, 'NOT_FOUND');
  }

  const events = createEventStreams(opts.running);
  const launchCodes = createLaunchCodes();
  const board = opts.meet !== undefined ? createBoardRoutes(opts.running, opts.meet) : null;
  let hosts = new Set<string>();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logUnexpected(err, 'bridge', { url: req.url?.split('?')[0]?.slice(0, 200) });
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: toApiError(err) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameSiteRequest(req, hosts)) {
      log().warn({ host: req.headers.host, origin: req.headers.origin, url: req.url?.slice(0, 200) }, 'bridge refused a request from another site');
      return sendText(res, 403, 'Forbidden: this server answers only its own page.');
    }
    const rawUrl = req.url ?? '';
    if (!rawUrl.startsWith('/')) return sendText(res, 400, 'Bad request target.');
    const rawPath = rawUrl.split('?')[0] ?? '';

    if (board && (rawPath === '/board' || rawPath.startsWith('/board/')) && (await board.handle(req, res, rawPath, SECURITY_HEADERS, token))) return;
    if (rawPath === '/api' || rawPath.startsWith('/api/')) return handleApi(req, res, rawPath.slice('/api/'.length));
    if (rawPath.startsWith('/race-files/')) return handleRaceFile(req, res, rawPath.slice('/race-files/'.length));
    if (rawPath === '/auth/launch') return handleLaunch(req, res);
    if (rawPath.startsWith('/downloads/')) return handleDownload(req, res, rawPath.slice('/downloads/'.length));
    return handleRenderer(req, res, rawPath === '/' ? 'index.html' : rawPath.slice(1));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, rawName: string): Promise<void> {
    if (!hasBearer(req, token)) return board && (await board.isBoardRequest(req)) ? handleBoardApi(req, res, rawName) : unauthorized(res);
    if (rawName === 'events') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      events.open(res, SECURITY_HEADERS);
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      name = rawName;
    }
    if (!isApiMethodName(name)) return sendJson(res, 404, errorBody('NOT_FOUND', `No such method: ${name.slice(0, 80)}`));
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
    const type = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const binary = binarySpecOf(name);
    if (binary) return handleBinaryCall(req, res, name, type, binary.maxBytes);
    if (type !== 'application/json') return sendJson(res, 415, errorBody('INVALID_ARGUMENT', 'API calls must send Content-Type: application/json.'));

    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === 'too-large') return sendJson(res, 413, errorBody('INVALID_ARGUMENT', `Request body is larger than ${MAX_BODY_BYTES} bytes.`));
    let args: unknown = {};
    if (body.length > 0) {
      try {
        args = JSON.parse(body.toString('utf8'));
      } catch {
        return sendJson(res, 400, errorBody('INVALID_ARGUMENT', 'Request body is not valid JSON.'));
      }
    }
    await answer(res, name, args);
  }

  /** The board's token: `getBoard` of the bridge's own meet, and nothing else (no events, no other method). */
  async function handleBoardApi(req: IncomingMessage, res: ServerResponse, rawName: string): Promise<void> {
    const body = req.method === 'POST' && rawName === 'getBoard' ? await readBody(req, MAX_BODY_BYTES) : null;
    let args: unknown;
    try {
      args = body && body !== 'too-large' ? JSON.parse(body.toString('utf8')) : null;
    } catch {
      args = null; // not JSON: refused below like any other call the board may not make
    }
    if (!board?.allows(rawName, args)) {
      log().warn({ method: rawName.slice(0, 80) }, 'bridge refused the board token for more than the board');
      return sendJson(res, 403, errorBody('FORBIDDEN', 'The board token opens the board only.'));
    }
    await answer(res, rawName, args);
  }

  /** A method that carries bytes: one octet-stream body (app/api/binary-body.ts), its own size limit. */
  async function handleBinaryCall(req: IncomingMessage, res: ServerResponse, name: string, type: string | undefined, maxBytes: number): Promise<void> {
    if (type !== BINARY_CONTENT_TYPE) return sendJson(res, 415, errorBody('INVALID_ARGUMENT', `${name} carries binary data: send Content-Type: ${BINARY_CONTENT_TYPE}.`));
    const limit = maxBytes + MAX_BINARY_ARGS_BYTES + 4;
    const body = await readBody(req, limit);
    if (body === 'too-large') return sendJson(res, 413, errorBody('INVALID_ARGUMENT', `Request body is larger than ${limit} bytes.`));
    const decoded = decodeBinaryCall(body);
    if (!decoded.ok) return sendJson(res, 400, errorBody('INVALID_ARGUMENT', `${decoded.problem}.`));
    await answer(res, name, decoded.args);
  }

  async function answer(res: ServerResponse, name: string, args: unknown): Promise<void> {
    const outcome = await dispatchCall(opts.running.service, name, args, (err, method) => logUnexpected(err, `bridge ${method}`));
    sendJson(res, outcome.ok ? 200 : httpStatusOf(outcome.error.code), outcome);
  }

  /** A one-time launch code traded for the token (the only answer that carries it). */
  async function handleLaunch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
    const body = await readBody(req, 1024);
    let code: unknown;
    try {
      code = body === 'too-large' ? null : (JSON.parse(body.toString('utf8')) as { code?: unknown } | null)?.code;
    } catch {
      code = null;
    }
    if (typeof code !== 'string' || !launchCodes.redeem(code)) {
      log().warn('bridge refused a launch code that is used, expired or unknown');
      return sendJson(res, 401, errorBody('FORBIDDEN', 'This address has been used already (it opens once): start Photofinish again for a new one.'));
    }
    sendJson(res, 200, { token });
  }

  async function handleRaceFile(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    if (!hasBearer(req, token)) return unauthorized(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const found = await locateRaceFile(opts.running.context.races, rest);
    if (isRefusal(found)) return refuse(res, found, `race-files/${rest}`);
    sendFile(req, res, found, SECURITY_HEADERS);
  }

  /** An export saved as a file by the browser: only a plain name inside the race's exports/, never a path. */
  async function handleDownload(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
    if (!hasBearer(req, token)) return unauthorized(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const target = exportDownload(rest);
    const found = target ? await locateRaceFile(opts.running.context.races, `${target.raceId}/${RACE_LAYOUT.exportsDir}/${encodeURIComponent(target.name)}`) : null;
    if (!target || !found || isRefusal(found)) return refuse(res, found && isRefusal(found) ? found : { status: 404, message: 'Not found.' }, `downloads/${rest}`);
    sendFile(req, res, found, { ...SECURITY_HEADERS, 'Content-Disposition': attachmentHeader(target.name) });
  }

  async function handleRenderer(req: IncomingMessage, res: ServerResponse, relative: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const found = await locateRendererFile(opts.rendererDir, relative);
    if (!isRefusal(found)) return sendFile(req, res, found, SECURITY_HEADERS);
    // Browsers ask for /favicon.ico on their own; a bundle without one gets "no content", not a console error.
    if (relative === 'favicon.ico' && found.status === 404) {
      res.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'public, max-age=86400' });
      res.end();
      return;
    }
    refuse(res, found, relative);
  }

  await listen(server, port, host);
  const actualPort = (server.address() as AddressInfo).port;
  hosts = allowedHosts(actualPort);
  const origin = `http://${host}:${actualPort}`;
  let closed: Promise<void> | null = null;
  return {
    origin,
    url: `${origin}/#token=${token}`,
    launchUrl: () => `${origin}/#code=${launchCodes.issue()}`,
    port: actualPort,
    token,
    close() {
      closed ??= new Promise<void>((resolve) => {
        events.closeAll();
        board?.closeAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') reject(new UserError(`Port ${port} on ${host} is already in use`, 'CONFLICT', { hint: 'choose-port' }));
      else if (err.code === 'EACCES') reject(new UserError(`Port ${port} on ${host} needs privileges; choose a port above 1023.`, 'FORBIDDEN'));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host, exclusive: true });
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

function errorBody(code: ApiErrorShape['code'], message: string): { ok: false; error: ApiErrorShape } {
  return { ok: false, error: { code, message } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...extra,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** A refused file request; a forbidden path (someone probing containment) is worth a line in the log. */
function refuse(res: ServerResponse, refusal: Refusal, requested: string): void {
  if (refusal.status === 403) log().warn({ requested: requested.slice(0, 200) }, 'bridge refused a file request outside its roots');
  sendText(res, refusal.status, refusal.message);
}

function unauthorized(res: ServerResponse): void {
  log().warn('bridge refused a request without its token');
  sendJson(res, 401, errorBody('FORBIDDEN', 'Missing or wrong token: open the address printed when the server started (each address opens once).'), {
    'WWW-Authenticate': 'Bearer',
  });
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  sendText(res, 405, 'Method not allowed.', { Allow: allow });
}
