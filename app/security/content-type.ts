/**
 * Content types and cache policy for files served to the renderer (its own bundle and race files), shared by the
 * `app://` protocol and the HTTP bridge. Unknown extensions are served as opaque bytes so nothing is sniffed into
 * something executable.
 */
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.lif': 'text/plain; charset=windows-1252',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
});

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Vite names every file under `assets/` by its content hash, so those never change; `index.html` and race files
 * (which a forced rebuild or a new export may replace) are revalidated on every use.
 */
export function rendererCacheControl(relative: string): string {
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export const RACE_FILE_CACHE_CONTROL = 'private, no-cache';
