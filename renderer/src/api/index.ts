/**
 * The renderer's only door to the engine: the typed API, pushed events, and race files (tiles, composite).
 * In the desktop app these go over the preload's contextBridge; in browser mode over the localhost bridge.
 * (Transport implementations: ./ipc-transport.ts and ./http-transport.ts.)
 */
import type { PhotofinishApi } from '../../../app/api/contract.js';
import type { ApiEventListener } from '../../../app/api/events.js';

export interface RendererApi {
  api: PhotofinishApi;
  subscribe(listener: ApiEventListener): () => void;
  /** Fetches a file of an open race (e.g. `tiles/0/3.png`), authenticated for the current transport. */
  fetchRaceFile(raceId: string, relativePath: string): Promise<Blob>;
}

// Placeholder until the transports land; replaced by the shell/transport work.
export declare const rendererApi: RendererApi;
