/** Leading-edge suggestions: the official confirms, the software never decides. */
import { z } from 'zod';
import { method } from '../define.js';
import type { EdgeSuggestion } from '../types.js';
import { raceId } from './app.js';

export const detectionMethods = {
    /** The suggestions stored with the evidence at build time (detected now for races built without); `again`: detect afresh. */
  detectEdges: method(z.object({ raceId, again: z.boolean().optional() })).returns<{ edges: EdgeSuggestion[] }>(),
};
