/** Service operations of the adjudication area (see app/api/methods/adjudication.ts). */
import type { PhotofinishService } from '../api/contract.js';
import { adjudicationMethods } from '../api/methods/adjudication.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type AdjudicationService = Pick<PhotofinishService, keyof typeof adjudicationMethods>;

export function createAdjudicationService(_ctx: ServiceContext): AdjudicationService {
  const stub = (name: string) => async () => notYet(name);
  return Object.fromEntries(Object.keys(adjudicationMethods).map((k) => [k, stub(k)])) as unknown as AdjudicationService;
}
