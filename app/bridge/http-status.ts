/** HTTP status of an API answer, by the error code of the one error shape (the body always carries the shape). */
import type { ApiErrorCode } from '../api/errors.js';

const STATUS: Readonly<Record<ApiErrorCode, number>> = Object.freeze({
  INVALID_ARGUMENT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CANCELLED: 409,
  USER_ERROR: 422,
  INTERNAL: 500,
});

export function httpStatusOf(code: ApiErrorCode): number {
  return STATUS[code] ?? 500;
}
