/**
 * Every build (footage, a camera's recording, the demo) stores the detector's suggestions with the evidence, so the
 * race opens with them ready; the detector (sharp, source frames) loads only when a build gets that far.
 */
import type { SuggestEdges } from '../imaging/race-builder/stored-suggestions.js';

export const suggestAtBuild: SuggestEdges = async (folder) => (await import('../detection/detect-race.js')).suggestionsToStore(folder);
