/** The `?` overlay's rows come from the action registry. */
import { describe, expect, it } from 'vitest';
import { helpRows } from '../../../../renderer/src/actions/help-rows.js';

describe('the ? overlay', () => {
  it('lists every shortcut of a group, pairs sharing a row', () => {
    expect(helpRows('Viewing').slice(0, 3)).toEqual([
      { keys: ', / .', help: 'Move the hairline by one screen pixel (Shift: 10)' },
      { keys: '+ / −', help: 'Zoom in / out about the hairline (wheel: about the pointer)' },
      { keys: 'F', help: 'Fit the whole race' },
    ]);
    const marking = helpRows('Marking').map((r) => r.keys);
    expect(marking).toEqual(expect.arrayContaining(['0–9', 'J / K', 'Enter', '← / →', 'S', 'A', 'Shift + D', 'Shift + W', 'X', 'Ctrl + Z', 'Ctrl + Shift + Z', 'Esc']));
    expect(helpRows('Race').map((r) => r.keys)).toEqual(['Shift + T', 'Shift + C', 'Shift + A', 'E', 'Shift + E', 'Ctrl + O', '?']);
  });
});
