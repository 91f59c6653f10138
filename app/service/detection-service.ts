/** Service operations of the detection area (see app/api/methods/detection.ts). */
import type { PhotofinishService } from '../api/contract.js';
import { detectionMethods } from '../api/methods/detection.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type DetectionService = Pick<PhotofinishService, keyof typeof detectionMethods>;

export function createDetectionService(_ctx: ServiceContext): DetectionService {
  const stub = (name: string) => async () => notYet(name);
  return Object.fromEntries(Object.keys(detectionMethods).map((k) => [k, stub(k)])) as unknown as DetectionService;
}
