/** Service operations of the output area (see app/api/methods/output.ts). */
import type { PhotofinishService } from '../api/contract.js';
import { outputMethods } from '../api/methods/output.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type OutputService = Pick<PhotofinishService, keyof typeof outputMethods>;

export function createOutputService(_ctx: ServiceContext): OutputService {
  const stub = (name: string) => async () => notYet(name);
  return Object.fromEntries(Object.keys(outputMethods).map((k) => [k, stub(k)])) as unknown as OutputService;
}
