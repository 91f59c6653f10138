/** Service operations of the detection area (see app/api/methods/detection.ts): suggestions, never decisions. */
import type { PhotofinishService } from '../api/contract.js';
import type { detectionMethods } from '../api/methods/detection.js';
import { detectEdgesForRace } from '../detection/detect-race.js';
import type { ServiceContext } from './context.js';

export type DetectionService = Pick<PhotofinishService, keyof typeof detectionMethods>;

export function createDetectionService(ctx: ServiceContext): DetectionService {
  return {
    async detectEdges({ raceId }) {
      return { edges: await detectEdgesForRace(ctx.races.pathOf(raceId)) };
    },
  };
}
