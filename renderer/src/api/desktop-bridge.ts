/**
 * What the desktop app's preload exposes on `window.photofinish` (see app/electron/preload.ts, which builds exactly
 * this shape). Each API function resolves to the raw outcome, never rejects with a cross-process Error, so the
 * typed error shape survives the context bridge intact.
 */
import type { RawOutcome } from '../../../app/api/client.js';
import type { ApiEvent } from '../../../app/api/events.js';

export interface DesktopBridge {
  api: Readonly<Record<string, (args: unknown) => Promise<RawOutcome>>>;
  onEvent(callback: (event: ApiEvent) => void): () => void;
}

/** Path of a race file relative to the page, identical in both shells (`app://photofinish/` or the bridge origin). */
export function raceFileUrl(raceId: string, relativePath: string): string {
  const rel = relativePath
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `race-files/${encodeURIComponent(raceId)}/${rel}`;
}
