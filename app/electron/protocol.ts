/**
 * The privileged `app://` scheme the desktop renderer is served from (never `file://`, which would give the page
 * the whole disk as its origin). Registration must happen before the app is ready; the handler is installed on
 * the window's session once it is.
 */
import { protocol, type Session } from 'electron';
import { createAppRequestHandler, type AppProtocolOptions } from './app-protocol-handler.js';
import { APP_SCHEME } from './channels.js';

/**
 * Standard (a real origin, relative URLs work), secure (like https), fetch-capable, streamed. Before `app.ready`.
 * `corsEnabled` because Vite's `<script type="module" crossorigin>` is fetched in CORS mode; the handler never sends
 * Access-Control-Allow-Origin, so no other origin can read anything from it.
 */
export const APP_SCHEME_PRIVILEGES = Object.freeze({
  standard: true,
  secure: true,
  supportFetchAPI: true,
  stream: true,
  corsEnabled: true,
  bypassCSP: false,
  allowServiceWorkers: false,
});

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

export function installAppProtocol(session: Session, opts: AppProtocolOptions): void {
  session.protocol.handle(APP_SCHEME, createAppRequestHandler(opts));
}
