/**
 * The one error shape that crosses every boundary (IPC, HTTP, CLI). Users see `message`; nobody sees a stack.
 * `UserError` is thrown by the domain and the layers around it for anything a person can fix (bad file, bad
 * argument, certified race): its message names the file or thing and the problem, in one line.
 */
import { UserError, type ApiErrorCode } from '../domain/errors.js';
import { systemErrorToUserError } from './system-errors.js';

export { UserError, CancelledError, type ApiErrorCode } from '../domain/errors.js';

export interface ApiErrorShape {
  readonly code: ApiErrorCode;
  readonly message: string;
}

export function isApiErrorShape(value: unknown): value is ApiErrorShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorShape).code === 'string' &&
    typeof (value as ApiErrorShape).message === 'string'
  );
}

/** Turns anything thrown into the shape users may see. Unexpected errors keep their message only. */
export function toApiError(err: unknown): ApiErrorShape {
  if (err instanceof UserError) return { code: err.code, message: err.message };
  // Before the shape test: a Node system error also has a string `code` and `message` ("ENOSPC: no space ...").
  const system = systemErrorToUserError(err);
  if (system) return { code: system.code, message: system.message };
  if (isApiErrorShape(err)) return { code: err.code, message: err.message };
  if (isZodLike(err)) return { code: 'INVALID_ARGUMENT', message: describeZodIssues(err.issues) };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: `Internal error: ${firstLine(message)}` };
}

/** Error rebuilt on the client side of a transport, so callers can `catch` and read `.code`. */
export class ApiCallError extends Error {
  readonly code: ApiErrorCode;
  constructor(shape: ApiErrorShape) {
    super(shape.message);
    this.name = 'ApiCallError';
    this.code = shape.code;
  }
}

interface ZodLikeIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
function isZodLike(err: unknown): err is { issues: ZodLikeIssue[] } {
  return typeof err === 'object' && err !== null && Array.isArray((err as { issues?: unknown }).issues) && (err as Error).name === 'ZodError';
}

export function describeZodIssues(issues: readonly ZodLikeIssue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
