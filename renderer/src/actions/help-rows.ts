/** The `?` overlay's rows, from the action registry: by group, keys as officials read them, what each does. */
import { ACTIONS, type ActionGroup, type ActionSpec } from '../../../app/api/actions.js';
import { formatKeys } from './key-binding.js';

export const HELP_GROUPS: readonly ActionGroup[] = ['Marking', 'Viewing', 'Inspector', 'Race'];

export interface HelpRow {
  keys: string;
  help: string;
}

/** A group's rows: actions one after the other with the same help (left and right, in and out) share one. */
export function helpRows(group: ActionGroup, actions: readonly ActionSpec[] = ACTIONS): HelpRow[] {
  const rows: HelpRow[] = [];
  for (const a of actions) {
    if (a.group !== group || a.keys.length === 0) continue;
    const keys = a.keysShown ?? formatKeys(a.keys);
    const help = a.help ?? a.label;
    const last = rows[rows.length - 1];
    if (last && last.help === help) last.keys = `${last.keys} / ${keys}`;
    else rows.push({ keys, help });
  }
  return rows;
}
