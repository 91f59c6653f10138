/** Service operations of the build area (see app/api/methods/build.ts). */
import type { PhotofinishService } from '../api/contract.js';
import { buildMethods } from '../api/methods/build.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type BuildService = Pick<PhotofinishService, keyof typeof buildMethods>;

export function createBuildService(_ctx: ServiceContext): BuildService {
  const stub = (name: string) => async () => notYet(name);
  return Object.fromEntries(Object.keys(buildMethods).map((k) => [k, stub(k)])) as unknown as BuildService;
}
