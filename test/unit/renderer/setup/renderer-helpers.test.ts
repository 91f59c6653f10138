/** The workspace's small pure helpers: finish-line editing and browser-mode drag-and-drop paths. */
import { describe, expect, it } from 'vitest';
import { snapEndpoint, toFinishLine, toSegment } from '../../../../renderer/src/setup/line-geometry.js';
import { droppedPath, guessKind } from '../../../../renderer/src/screens/dropped-path.js';

describe('finish line editing', () => {
  it('rounds a dragged end to whole pixels and, with Shift, snaps the line vertical or horizontal', () => {
    expect(snapEndpoint({ x: 320.4, y: 10.6 }, { x: 320, y: 269 }, false)).toEqual({ x: 320, y: 11 });
    expect(snapEndpoint({ x: 326.2, y: 3 }, { x: 320, y: 269 }, true)).toEqual({ x: 320, y: 3 });
    expect(snapEndpoint({ x: 100, y: 262 }, { x: 320, y: 269 }, true)).toEqual({ x: 100, y: 269 });
  });

  it('sends a full-height vertical line at a whole pixel as an exact column, anything else as a segment', () => {
    expect(toFinishLine({ x1: 320, y1: 0, x2: 320, y2: 269 }, 270)).toEqual({ kind: 'column', x: 320 });
    expect(toFinishLine({ x1: 320, y1: 269, x2: 320, y2: 0 }, 270)).toEqual({ kind: 'column', x: 320 });
    expect(toFinishLine({ x1: 320, y1: 5, x2: 320, y2: 269 }, 270)).toEqual({ kind: 'segment', x1: 320, y1: 5, x2: 320, y2: 269 });
    expect(toFinishLine({ x1: 318, y1: 0, x2: 322, y2: 269 }, 270).kind).toBe('segment');
    expect(toSegment({ kind: 'column', x: 12 }, 100)).toEqual({ x1: 12, y1: 0, x2: 12, y2: 99 });
  });
});

describe('browser-mode drops', () => {
  const dt = (types: Record<string, string>) => ({ getData: (t: string) => types[t] ?? '' });
  it('reads the path from a file manager’s file:// URI, and guesses what it is', () => {
    expect(droppedPath(dt({ 'text/uri-list': 'file:///footage/heat%203/finish.mp4\r\n' }))).toBe('/footage/heat 3/finish.mp4');
    expect(droppedPath(dt({ 'text/plain': '/races/heat-1-race' }))).toBe('/races/heat-1-race');
    expect(droppedPath(dt({ 'text/plain': 'hello' }))).toBeNull();
    expect(droppedPath(dt({}))).toBeNull();
    expect(guessKind('/footage/finish.MP4')).toBe('video');
    expect(guessKind('/footage/scan.tiff')).toBe('linescan');
    expect(guessKind('/races/heat/race.json')).toBe('race');
    expect(guessKind('/footage/frames')).toBe('frames');
  });
});
