/**
 * Errors a person can fix (bad file, bad argument, certified race). Thrown by the domain and every layer around it;
 * the message names the file or thing and the problem, in one line, and is what the user sees. No stack is shown.
 */
export type ApiErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'FORBIDDEN'
  | 'CANCELLED'
  | 'USER_ERROR'
  | 'INTERNAL';

export class UserError extends Error {
  readonly code: ApiErrorCode;
  constructor(message: string, code: ApiErrorCode = 'USER_ERROR') {
    super(message);
    this.name = 'UserError';
    this.code = code;
  }
}

export class CancelledError extends UserError {
  constructor(message = 'Cancelled.') {
    super(message, 'CANCELLED');
  }
}

