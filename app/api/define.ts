/**
 * How the one typed API is declared. Every operation the renderer (or the CLI, or the HTTP bridge)
 * may call is a `method(argsSchema).returns<Result>()` entry in a contract object. From that object:
 *   - the TypeScript interface (`ApiOf<C>`) that the service implements and the clients expose,
 *   - the runtime list of method names the transports register (never written method by method),
 *   - the zod schema that validates arguments at every boundary before the service runs.
 * Every method takes exactly one JSON object argument and resolves to JSON-serialisable data
 * (exact times travel as decimal strings of integer nanoseconds, never as floats or bigint).
 */
import type { z } from 'zod';

export interface MethodSpec<A extends z.ZodType = z.ZodType, R = unknown> {
  readonly args: A;
  /** Phantom: carries the result type only. */
  readonly result?: R;
}

export function method<A extends z.ZodType>(args: A) {
  return {
    returns<R>(): MethodSpec<A, R> {
      return { args };
    },
  };
}

export type Contract = Record<string, MethodSpec>;

export type ArgsOf<S> = S extends MethodSpec<infer A, unknown> ? z.input<A> : never;
export type ParsedArgsOf<S> = S extends MethodSpec<infer A, unknown> ? z.output<A> : never;
export type ResultOf<S> = S extends MethodSpec<z.ZodType, infer R> ? R : never;

/** What a client (renderer, CLI) calls: arguments as the user gives them. */
export type ApiOf<C extends Contract> = {
  [K in keyof C]: (args: ArgsOf<C[K]>) => Promise<ResultOf<C[K]>>;
};

/** What the service implements: arguments already validated and defaulted by the schema. */
export type ServiceOf<C extends Contract> = {
  [K in keyof C]: (args: ParsedArgsOf<C[K]>) => Promise<ResultOf<C[K]>>;
};
