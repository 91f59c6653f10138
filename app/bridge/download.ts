/**
 * Downloads of exported files in browser mode (`GET /downloads/<raceId>/<name>`): which export a request means, and
 * the header that makes the browser save it as a file under its own name. Only a plain file name is accepted (no
 * slash, no dot-segments, no control characters), so a download can only ever be a file of the race's `exports/`.
 */

export interface ExportDownload {
  raceId: string;
  name: string;
}

/** `rest` is `<raceId>/<name>` after `downloads/`, still percent-encoded; null for anything else. */
export function exportDownload(rest: string): ExportDownload | null {
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const raceId = rest.slice(0, slash);
  let name: string;
  try {
    name = decodeURIComponent(rest.slice(slash + 1));
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(raceId) || name === '' || name === '.' || name === '..' || /[/\\\u0000-\u001f]/.test(name) || name.length > 255) return null;
  return { raceId, name };
}

/** `attachment` with the name twice: plain ASCII for old clients, RFC 5987 UTF-8 for the rest. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
