/** A small race seen through a known viewport, for the painter and policy tests. */
import type { Viewport } from '../../../../app/domain/viewport/viewport.js';
import type { InteractiveScene, ViewerData } from '../../../../renderer/src/viewer/scene.js';

/** 1000 columns, one per millisecond from t = 10 s. */
export const TIMES = Array.from({ length: 1000 }, (_, i) => 10_000_000_000n + BigInt(i) * 1_000_000n);

/** 16 screen pixels per column; column c's centre (image x c + 0.5) at screen x (c + 0.5 − left) × 16. */
export function viewport(extra: Partial<Viewport> = {}): Viewport {
  return { columns: 1000, width: 800, scale: 16, left: 0, direction: 'ltr', ...extra };
}

export function viewerData(extra: Partial<ViewerData> = {}): ViewerData {
  return {
    raceId: 'race-1',
    columns: 1000,
    rows: 100,
    times: TIMES,
    tileWidth: 256,
    levels: [],
    direction: 'ltr',
    gaps: [],
    marks: [],
    suggestions: [],
    triggers: [],
    decimals: 4,
    ...extra,
  };
}

export function interactiveScene(extra: Partial<InteractiveScene> = {}): InteractiveScene {
  return { viewport: viewport(), width: 800, imageHeight: 400, dpr: 1, data: viewerData(), pointer: null, ...extra };
}
