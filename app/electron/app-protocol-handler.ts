/**
 * What `app://photofinish/...` answers, as a plain fetch-style handler (Request → Response) so it is tested without
 * Electron. Two roots: the built renderer, and the folders of races open in the registry under
 * `race-files/<raceId>/`. Every path goes through `resolveContained` (decoded once, `..`, absolute, `//host`,
 * backslash and symlinks out of the root refused), and every answer, errors included, carries the CSP header.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { log, logUnexpected } from '../runtime/log.js';
import { contentTypeFor } from '../security/content-type.js';
import { SECURITY_HEADERS } from '../security/csp.js';
import { isRefusal, locateRaceFile, locateRendererFile, type FileToServe, type RaceFileResolver } from '../security/served-files.js';
import { APP_ORIGIN } from './channels.js';

export interface AppProtocolOptions {
  rendererDir: string;
  races: RaceFileResolver;
}

export type AppRequestHandler = (request: Request) => Promise<Response>;

export function createAppRequestHandler(opts: AppProtocolOptions): AppRequestHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.');
    const rawPath = rawPathOf(request.url);
    if (rawPath === null) return text(404, 'Not found.');
    try {
      const found = rawPath.startsWith('race-files/')
        ? await locateRaceFile(opts.races, rawPath.slice('race-files/'.length))
        : await locateRendererFile(opts.rendererDir, rawPath === '' ? 'index.html' : rawPath);
      if (isRefusal(found)) {
        if (found.status === 403) log().warn({ requested: rawPath.slice(0, 200) }, 'app:// refused a path outside its roots');
        return text(found.status, found.message);
      }
      return fileResponse(found, request.method === 'HEAD');
    } catch (err) {
      logUnexpected(err, 'app:// protocol', { requested: rawPath.slice(0, 200) });
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

function fileResponse(found: FileToServe, head: boolean): Response {
  const { file, size, cacheControl } = found;
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
