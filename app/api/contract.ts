/**
 * The Photofinish API: every operation any face of the app (desktop window, browser mode, CLI) may perform.
 * Transports are generated from `apiMethodNames`; arguments are validated against `apiContract[name].args`.
 */
import type { ApiOf, BinarySpec, MethodSpec, ServiceOf } from './define.js';
import { appMethods } from './methods/app.js';
import { buildMethods } from './methods/build.js';
import { adjudicationMethods } from './methods/adjudication.js';
import { exportMethods } from './methods/exports.js';
import { detectionMethods } from './methods/detection.js';
import { recordMethods } from './methods/record.js';
import { startMethods } from './methods/start.js';
import { captureMethods } from './methods/capture.js';
import { meetMethods } from './methods/meet.js';

export const apiContract = {
  ...appMethods,
  ...buildMethods,
  ...adjudicationMethods,
  ...exportMethods,
  ...detectionMethods,
  ...recordMethods,
  ...startMethods,
  ...captureMethods,
  ...meetMethods,
};

export type ApiContract = typeof apiContract;
export type ApiMethodName = keyof ApiContract & string;
/** What clients call. */
export type PhotofinishApi = ApiOf<ApiContract>;
/** What the service implements (arguments parsed and defaulted). */
export type PhotofinishService = ServiceOf<ApiContract>;

export const apiMethodNames = Object.freeze(Object.keys(apiContract) as ApiMethodName[]);

/** Own-property lookup only: `__proto__`, `constructor` and friends are never methods. */
export function isApiMethodName(name: unknown): name is ApiMethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(apiContract, name);
}

/** The binary payload's limits for a method that carries bytes; undefined for every JSON-only method. */
export function binarySpecOf(name: ApiMethodName): BinarySpec | undefined {
  return (apiContract[name] as MethodSpec).binary;
}

/** Validates raw arguments for a method; throws a ZodError (turned into INVALID_ARGUMENT by toApiError). */
export function parseApiArgs<K extends ApiMethodName>(name: K, raw: unknown): Parameters<PhotofinishService[K]>[0] {
  return apiContract[name].args.parse(raw ?? {}) as Parameters<PhotofinishService[K]>[0];
}
