/**
 * How the one typed API is declared. Every operation the renderer (or the CLI, or the HTTP bridge)
 * may call is a `method(argsSchema).returns<Result>()` entry in a contract object. From that object:
 *   - the TypeScript interface (`ApiOf<C>`) that the service implements and the clients expose,
 *   - the runtime list of method names the transports register (never written method by method),
 *   - the zod schema that validates arguments at every boundary before the service runs.
 * Every method takes exactly one JSON object argument (binary methods add one `bytes` payload) and resolves to
 * JSON-serialisable data (exact times travel as decimal strings of integer nanoseconds, never as floats or bigint).
 */
import { z } from 'zod';

export interface MethodSpec<A extends z.ZodType = z.ZodType, R = unknown> {
  readonly args: A;
  /** Phantom: carries the result type only. */
  readonly result?: R;
  /** Set for the few methods that carry bytes (see `binaryMethod`). */
  readonly binary?: BinarySpec;
}

export interface BinarySpec {
  /** Largest `bytes` payload accepted, checked by the schema on every transport and by the bridge before reading. */
  readonly maxBytes: number;
}

export function method<A extends z.ZodType>(args: A) {
  return {
    returns<R>(): MethodSpec<A, R> {
      return { args };
    },
  };
}

/**
 * A method whose argument also carries one binary payload, `bytes` (a recorded frame). Everything else in the
 * argument is JSON like any method's and validated the same way; `bytes` must be a Uint8Array or an ArrayBuffer
 * (what Electron IPC's structured clone delivers) of 1 to `maxBytes` bytes, and reaches the service as a
 * Uint8Array. Over HTTP it travels as one `application/octet-stream` body (app/api/binary-body.ts), never as JSON.
 */
export function binaryMethod<S extends z.ZodRawShape>(args: z.ZodObject<S>, spec: BinarySpec) {
  const full = args.extend({ bytes: binaryPayload(spec.maxBytes) }).strict();
  return {
    returns<R>(): MethodSpec<typeof full, R> {
      return { args: full, binary: spec };
    },
  };
}

export function binaryPayload(maxBytes: number) {
  return z
    .union([z.instanceof(Uint8Array), z.instanceof(ArrayBuffer)], { error: 'bytes must be binary data (Uint8Array or ArrayBuffer)' })
    .transform((b) => (b instanceof Uint8Array ? b : new Uint8Array(b)))
    .refine((b) => b.byteLength > 0, 'bytes is empty')
    .refine((b) => b.byteLength <= maxBytes, `bytes is larger than ${maxBytes} bytes`);
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
