/** The words under an enlargement's heading: who, by how much, which pixels, and how they are drawn. */
import { closeupWho } from '../../domain/closeup/closeup-words.js';
import type { Closeup } from '../closeups.js';

export function closeupCaption(c: Closeup, index: number, count: number, rows: number, scale: string): string {
  const crop = c.bodiesFound ? `rows ${c.crop.top}–${c.crop.bottom - 1} of ${rows} (cropped to the competitors)` : `all ${rows} rows`;
  return `Enlargement ${index + 1} of ${count}, ${closeupWho(c.subjects, c.decisive)}. Image columns ${c.crop.start}–${c.crop.end - 1}, ${crop}; ${scale}.`;
}
