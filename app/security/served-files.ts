/**
 * Which file a renderer request means, for both transports that serve files (the `app://` protocol and the HTTP
 * bridge): the built renderer under its root, or a file of an open race under `race-files/<raceId>/<path>`. Every
 * path goes through containment; the answer is the file to send (with its cache policy) or the one refusal to give,
 * so both transports route and refuse alike. Anything unexpected is thrown for the transport to log.
 */
import { stat } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';
import { ContainmentError, resolveContainedFile } from './contain.js';
import { RACE_FILE_CACHE_CONTROL, rendererCacheControl } from './content-type.js';

export interface FileToServe {
  file: string;
  size: number;
  mtimeMs: number;
  cacheControl: string;
}

export interface Refusal {
  status: 400 | 403 | 404;
  message: string;
}

/** The open races, as far as serving their files goes (the service's RaceRegistry). */
export interface RaceFileResolver {
  resolveFile(raceId: string, relative: string): Promise<string>;
}

const NOT_FOUND: Refusal = { status: 404, message: 'Not found.' };

export function isRefusal(x: FileToServe | Refusal): x is Refusal {
  return 'status' in x;
}

/** A file of the built renderer; `relative` is the request path after the origin, still percent-encoded. */
export async function locateRendererFile(rendererDir: string, relative: string): Promise<FileToServe | Refusal> {
  try {
    const found = await resolveContainedFile(rendererDir, relative);
    return { ...found, cacheControl: rendererCacheControl(relative) };
  } catch (err) {
    return refusalOf(err);
  }
}

/** `rest` is `<raceId>/<path in the race folder>` (after `race-files/`), still percent-encoded. */
export async function locateRaceFile(races: RaceFileResolver, rest: string): Promise<FileToServe | Refusal> {
  const slash = rest.indexOf('/');
  const raceId = slash > 0 ? rest.slice(0, slash) : '';
  const relative = slash > 0 ? rest.slice(slash + 1) : '';
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(raceId) || relative === '') return NOT_FOUND;
  let file: string;
  try {
    file = await races.resolveFile(raceId, relative);
  } catch (err) {
    return refusalOf(err);
  }
  // Contained but gone (or a folder): plain absence.
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return NOT_FOUND;
  return { file, size: info.size, mtimeMs: info.mtimeMs, cacheControl: RACE_FILE_CACHE_CONTROL };
}

/** Containment refusals are 403, plain absence 404 (an unknown race id too); other UserErrors 400. */
export function refusalOf(err: unknown): Refusal {
  if (err instanceof ContainmentError) return err.notFound ? NOT_FOUND : { status: 403, message: 'Forbidden path.' };
  if (err instanceof UserError) return { status: err.code === 'NOT_FOUND' ? 404 : 400, message: err.message };
  throw err;
}
