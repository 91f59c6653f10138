/**
 * Streams one already-contained file to an HTTP response with its content type, cache policy and a validator, so
 * a renderer revisiting a tile gets a cheap 304 instead of the bytes again.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor } from '../security/content-type.js';
import type { FileToServe } from '../security/served-files.js';

export function sendFile(req: IncomingMessage, res: ServerResponse, found: FileToServe, headers: Record<string, string>): void {
  const etag = `"${found.size.toString(36)}-${Math.trunc(found.mtimeMs).toString(36)}"`;
  const common = { ...headers, 'Cache-Control': found.cacheControl, ETag: etag };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  res.writeHead(200, { ...common, 'Content-Type': contentTypeFor(found.file), 'Content-Length': String(found.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(found.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
