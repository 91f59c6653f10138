/**
 * The one Content-Security-Policy of the renderer, sent as a header by both faces that serve it: the Electron
 * `app://` protocol handler and the localhost HTTP bridge. One module so the two can never drift apart.
 *
 * Why each directive: the renderer is a Vite bundle with no inline scripts (`script-src 'self'`); React sets styles
 * through the CSSOM, which CSP does not govern, so `style-src` needs no 'unsafe-inline'; tiles and frame previews
 * arrive as blob: object URLs and data: URLs; every API call, event stream and race file is same-origin.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, string>> = Object.freeze({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'frame-ancestors': "'none'",
  'form-action': "'none'",
});

export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** Headers every response carries, in either shell (renderer files, race files, API answers, errors). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
});
