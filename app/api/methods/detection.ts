/** Leading-edge suggestions: the official confirms, the software never decides. */
import { z } from 'zod';
import { method } from '../define.js';
import type { EdgeSuggestion } from '../types.js';
import { raceId } from './app.js';

export const detectionMethods = {
  detectEdges: method(z.object({ raceId })).returns<{ edges: EdgeSuggestion[] }>(),
};
