/**
 * The one error shape that crosses every boundary (IPC, HTTP, CLI). Users see `message` (and the remedy their face
 * words from `hint` and `facts`); nobody sees a stack. `UserError` is thrown by the domain and the layers around it
 * for anything a person can fix (bad file, bad argument, certified race): its message names the file or thing and
 * the problem, in one line.
 */
import { isHint, UserError, type ApiErrorCode, type Hint, type HintFacts } from '../domain/errors.js';
import { describeZodIssues, isZodLike } from '../domain/validation-issues.js';
import { systemErrorToUserError } from '../domain/system-errors.js';

export { UserError, CancelledError, type ApiErrorCode, type Hint, type HintFacts } from '../domain/errors.js';
export { describeZodIssues } from '../domain/validation-issues.js';

export interface ApiErrorShape {
  readonly code: ApiErrorCode;
  readonly message: string;
  /** The remedy, as an id each face words in its own language. */
  readonly hint?: Hint;
  /** What the remedy's wording needs (e.g. the events a start-list file holds). */
  readonly facts?: HintFacts;
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
  if (err instanceof UserError) return { code: err.code, message: err.message, ...remedyOf(err) };
  // Before the shape test: a Node system error also has a string `code` and `message` ("ENOSPC: no space ...").
  const system = systemErrorToUserError(err);
  if (system) return { code: system.code, message: system.message, ...remedyOf(system) };
  if (isApiErrorShape(err)) return { code: err.code, message: err.message, ...remedyOf(err) };
  if (isZodLike(err)) return { code: 'INVALID_ARGUMENT', message: describeZodIssues(err.issues) };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: `Internal error: ${firstLine(message)}` };
}

/** The hint and facts of an error, where it has them (an unknown hint id from the wire is dropped). */
export function remedyOf(err: { hint?: unknown; facts?: unknown }): Pick<ApiErrorShape, 'hint' | 'facts'> {
  if (!isHint(err.hint)) return {};
  const facts = isFacts(err.facts) ? { facts: err.facts } : {};
  return { hint: err.hint, ...facts };
}

function isFacts(value: unknown): value is HintFacts {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

/** Error rebuilt on the client side of a transport, so callers can `catch` and read `.code` (and `.hint`). */
export class ApiCallError extends Error {
  readonly code: ApiErrorCode;
  readonly hint?: Hint;
  readonly facts?: HintFacts;
  constructor(shape: ApiErrorShape) {
    super(shape.message);
    this.name = 'ApiCallError';
    this.code = shape.code;
    const { hint, facts } = remedyOf(shape);
    if (hint) this.hint = hint;
    if (facts) this.facts = facts;
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
