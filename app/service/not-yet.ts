import { UserError } from '../domain/errors.js';

/** Placeholder for an operation whose implementation has not landed yet: a clear message, never a crash. */
export function notYet(name: string): never {
  throw new UserError(`${name} is not available in this build yet.`);
}
