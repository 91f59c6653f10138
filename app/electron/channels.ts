/**
 * IPC channel names shared by the main process and the preload (which is bundled separately, so this module must
 * import nothing from Electron or Node). One channel per API method, generated from the method name.
 */
export const API_CHANNEL_PREFIX = 'photofinish:api:';
export const EVENT_CHANNEL = 'photofinish:event';

export function apiChannel(method: string): string {
  return `${API_CHANNEL_PREFIX}${method}`;
}

/** The privileged scheme and the one host the renderer is served from: `app://photofinish/index.html`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'photofinish';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
