/**
 * Argument parsing for subcommands: node's own parseArgs, with errors turned into one-line UserErrors. The CLI's
 * entry point prefixes every message with `photofinish <command>:`, so messages here do not repeat the command.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserError } from '../domain/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O, maxPositionals = 1) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new UserError(message ?? `bad arguments for ${command}`, 'INVALID_ARGUMENT');
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UserError(`unexpected argument "${parsed.positionals[maxPositionals]}"`, 'INVALID_ARGUMENT');
  }
  return parsed;
}

/** The required positional at `index`, or a UserError naming it. */
export function requirePositional(positionals: string[], index: number, what: string): string {
  const value = positionals[index];
  if (value === undefined || value === '') throw new UserError(`missing ${what}`, 'INVALID_ARGUMENT');
  return value;
}

/** A number option, refusing anything that is not a finite number. */
export function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UserError(`--${name} must be a number, got "${value}"`, 'INVALID_ARGUMENT');
  return n;
}
