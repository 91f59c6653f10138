/** The words under an enlargement's heading: who, by how much, which pixels, and how they are drawn. */
import type { Closeup } from '../closeups.js';

export function closeupCaption(c: Closeup, index: number, count: number, rows: number, scale: string): string {
  const who = c.subjects.map((s, i) => `${s.tag} ${s.name}${i > 0 && s.margin ? ` (${s.margin})` : ''}`).join(', ');
  const what = c.decisive ? 'the decisive finish' : 'a close finish';
  const crop = c.bodiesFound ? `rows ${c.crop.top}–${c.crop.bottom - 1} of ${rows} (cropped to the competitors)` : `all ${rows} rows`;
  return `Enlargement ${index + 1} of ${count}, ${what}: ${who}. Image columns ${c.crop.start}–${c.crop.end - 1}, ${crop}; ${scale}.`;
}
