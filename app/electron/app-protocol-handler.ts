/**
 * What `app://photofinish/...` answers, as a plain fetch-style handler (Request → Response) so it is tested without
 * Electron. Two roots: the built renderer, and the folders of races open in the registry under
 * `race-files/<raceId>/`. Every path goes through `resolveContained` (decoded once, `..`, absolute, `//host`,
 * backslash and symlinks out of the root refused), and every answer, errors included, carries the CSP header.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { UserError } from '../domain/errors.js';
import { ContainmentError, resolveContainedFile } from '../security/contain.js';
import { contentTypeFor, RACE_FILE_CACHE_CONTROL, rendererCacheControl } from '../security/content-type.js';
import { SECURITY_HEADERS } from '../security/csp.js';
import type { RaceRegistry } from '../service/race-registry.js';
import { APP_ORIGIN } from './channels.js';

export interface AppProtocolOptions {
  rendererDir: string;
  races: Pick<RaceRegistry, 'resolveFile'>;
}

export type AppRequestHandler = (request: Request) => Promise<Response>;

export function createAppRequestHandler(opts: AppProtocolOptions): AppRequestHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.');
    const rawPath = rawPathOf(request.url);
    if (rawPath === null) return text(404, 'Not found.');
    try {
      if (rawPath.startsWith('race-files/')) return await serveRaceFile(opts.races, rawPath.slice('race-files/'.length), request.method === 'HEAD');
      const relative = rawPath === '' ? 'index.html' : rawPath;
      const found = await resolveContainedFile(opts.rendererDir, relative);
      return fileResponse(found.file, found.size, rendererCacheControl(relative), request.method === 'HEAD');
    } catch (err) {
      if (err instanceof ContainmentError) return err.notFound ? text(404, 'Not found.') : text(403, 'Forbidden path.');
      if (err instanceof UserError) return text(err.code === 'NOT_FOUND' ? 404 : 400, err.message);
      return text(500, 'Internal error.');
    }
  };
}

/**
 * The path after `app://photofinish/`, still percent-encoded, without query or fragment; null for any other origin.
 * Taken from the URL text rather than `URL.pathname`, so whatever reached us is judged by containment as sent.
 */
export function rawPathOf(url: string): string | null {
  const prefix = `${APP_ORIGIN}/`;
  if (url.slice(0, prefix.length).toLowerCase() !== prefix) return null;
  const rest = url.slice(prefix.length);
  const cut = rest.search(/[?#]/);
  return cut >= 0 ? rest.slice(0, cut) : rest;
}

async function serveRaceFile(races: AppProtocolOptions['races'], rest: string, head: boolean): Promise<Response> {
  const slash = rest.indexOf('/');
  const raceId = slash > 0 ? rest.slice(0, slash) : '';
  const relative = slash > 0 ? rest.slice(slash + 1) : '';
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(raceId) || relative === '') return text(404, 'Not found.');
  const file = await races.resolveFile(raceId, relative);
  const info = await stat(file);
  if (!info.isFile()) return text(404, 'Not found.');
  return fileResponse(file, info.size, RACE_FILE_CACHE_CONTROL, head);
}

function fileResponse(file: string, size: number, cacheControl: string, head: boolean): Response {
  const headers = { ...SECURITY_HEADERS, 'Content-Type': contentTypeFor(file), 'Content-Length': String(size), 'Cache-Control': cacheControl };
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers });
}

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
