/** What the workspace gets from either transport (re-exported by ./index.ts, which picks one at startup). */
import type { PhotofinishApi } from '../../../app/api/contract.js';
import type { ApiEventListener } from '../../../app/api/events.js';

export interface RendererApi {
  api: PhotofinishApi;
  subscribe(listener: ApiEventListener): () => void;
  /** Fetches a file of an open race (e.g. `tiles/0/3.png`), authenticated for the current transport. */
  fetchRaceFile(raceId: string, relativePath: string): Promise<Blob>;
  /** An exported file of the race (`name` in its exports/), as the browser's Download saves it. */
  downloadExport(raceId: string, name: string): Promise<Blob>;
}
