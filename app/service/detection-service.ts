/**
 * Service operations of the detection area (see app/api/methods/detection.ts): suggestions, never decisions. The
 * detector (sharp, source frames) is loaded on the first detection, not when the service starts.
 */
import type { PhotofinishService } from '../api/contract.js';
import type { detectionMethods } from '../api/methods/detection.js';
import type { ServiceContext } from './context.js';

export type DetectionService = Pick<PhotofinishService, keyof typeof detectionMethods>;

export function createDetectionService(ctx: ServiceContext): DetectionService {
  return {
    async detectEdges({ raceId, again }) {
      const racePath = ctx.races.pathOf(raceId);
      const { detectEdgesForRace } = await import('../detection/detect-race.js');
      return { edges: await detectEdgesForRace(racePath, again ? { again } : {}) };
    },
  };
}
