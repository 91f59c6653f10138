/**
 * What replacing a start list would change, competitor by competitor (by id): who is added, who is removed, whose
 * details change (and which fields), and how many stay as they are. The app's import preview shows it before
 * anything is recorded.
 */
import type { Competitor } from '../race/document.js';

export interface StartListPreview {
  added: Competitor[];
  removed: Competitor[];
  changed: { before: Competitor; after: Competitor; fields: string[] }[];
  unchanged: number;
}

export function startListChanges(before: readonly Competitor[], after: readonly Competitor[]): StartListPreview {
  const old = new Map(before.map((c) => [c.id, c]));
  const next = new Set(after.map((c) => c.id));
  const preview: StartListPreview = { added: [], removed: before.filter((c) => !next.has(c.id)), changed: [], unchanged: 0 };
  for (const c of after) {
    const was = old.get(c.id);
    if (!was) {
      preview.added.push(c);
      continue;
    }
    const keys = [...new Set([...Object.keys(was), ...Object.keys(c)])] as (keyof Competitor)[];
    const fields = keys.filter((k) => (was[k] ?? '') !== (c[k] ?? ''));
    if (fields.length) preview.changed.push({ before: was, after: c, fields });
    else preview.unchanged++;
  }
  return preview;
}
