/**
 * Argument parsing for subcommands: node's own parseArgs, with errors turned into one-line UserErrors. The CLI's
 * entry point prefixes every message with `photofinish <command>:`, so messages here do not repeat the command.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserError } from '../domain/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A value that starts with a dash but is a number ("-5", "-2.5", "-.5", "-1e3"), not an option. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * parseArgs takes "-2.5" after `--start-time` for an option and refuses the pair as "ambiguous". A negative
 * number is never an option name here, so the pair is joined into `--start-time=-2.5` first; the value then
 * reaches the option's own check, which says what is wrong with it (a negative rate, a negative column).
 */
export function joinNegativeValues(argv: readonly string[], options: Options): string[] {
  /** The long name of a string option written as `--name` or `-n`, else null. */
  const stringOption = (token: string): string | null => {
    const name = token.startsWith('--') ? token.slice(2) : /^-[^-]$/.test(token) ? Object.keys(options).find((k) => options[k]?.short === token.slice(1)) : undefined;
    return name !== undefined && options[name]?.type === 'string' ? name : null;
  };
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    const name = next !== undefined && NEGATIVE_NUMBER.test(next) ? stringOption(token) : null;
    if (name !== null) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O, maxPositionals = 1) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    // parseArgs calls `--reason --by X` "ambiguous": the value was forgotten, and the next token is an option.
    const forgotten = /^Option '(?:-\w, )?(--[\w-]+)(?: <value>)?' argument is ambiguous/.exec(message ?? '');
    const flag = forgotten?.[1];
    if (flag !== undefined) {
      const short = options[flag.slice(2)]?.short;
      const at = argv.findIndex((a) => a === flag || (short !== undefined && a === `-${short}`));
      throw new UserError(`${flag} needs a value, but the next argument is the option "${argv[at + 1] ?? ''}"`, 'INVALID_ARGUMENT');
    }
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

/**
 * `--by NAME` where a command records a decision in someone's name (a status, a dead heat, an amendment, a key):
 * the trimmed name, or one line saying it is required and why (`why`: "a dead heat is an official decision").
 */
export function requireBy(by: string | undefined, why: string): string {
  const name = by?.trim();
  if (!name) throw new UserError(`--by NAME is required (${why})`, 'INVALID_ARGUMENT');
  return name;
}
