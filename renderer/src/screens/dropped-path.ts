/** Browser mode's drag-and-drop: turning what a file manager drops into a path the engine can open. */
/** What the start screen can open: footage to set up, or a race folder. */
export type OpenKind = 'frames' | 'video' | 'linescan' | 'race';

/**
 * A path from something dropped on the window. Browsers hide a dropped file's location, but file managers also
 * offer it as a file:// URI (or plain text), which is all browser mode can use.
 */
export function droppedPath(dt: { getData(type: string): string }): string | null {
  const uri = (dt.getData('text/uri-list') || dt.getData('text/plain') || '').split(/\r?\n/).find((l) => l && !l.startsWith('#'));
  if (!uri) return null;
  if (uri.startsWith('file://')) {
    try {
      return decodeURIComponent(new URL(uri).pathname);
    } catch {
      return null;
    }
  }
  return uri.startsWith('/') || /^[A-Za-z]:[\\/]/.test(uri) ? uri.trim() : null;
}

/** What a dropped path most likely is, from its name. */
export function guessKind(p: string): OpenKind {
  if (/\.(mp4|mov|avi|mkv|webm|m4v|mts|gif)$/i.test(p)) return 'video';
  if (/\.(tif|tiff|png)$/i.test(p)) return 'linescan';
  if (/race\.json$/i.test(p) || /-race[\\/]?$/i.test(p)) return 'race';
  return 'frames';
}

