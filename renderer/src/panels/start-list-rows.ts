/**
 * The start-list table's columns for each sport (id, name, team or club, lane and the sport's own columns, as its
 * sheet prints them), and rows pasted from a spreadsheet: tab-separated lines, with a header row read by the same
 * words a CSV header is (start-list/csv-columns.ts) or, without one, in the table's column order. Pure: no DOM.
 */
import type { Competitor } from '../../../app/domain/race/document.js';
import type { SportName } from '../../../app/domain/sports/sport-list.js';
import { columnsOf } from '../../../app/domain/start-list/csv-columns.js';

export type Field = 'id' | 'name' | 'team' | 'club' | 'nation' | 'lane' | 'bib' | 'jockey' | 'trainer' | 'draw' | 'trap';

export const FIELD_LABEL: Record<Field, string> = {
  id: 'No.',
  name: 'Name',
  team: 'Team',
  club: 'Club',
  nation: 'Nation',
  lane: 'Lane',
  bib: 'Bib',
  jockey: 'Jockey',
  trainer: 'Trainer',
  draw: 'Draw',
  trap: 'Trap',
};

export const SPORT_FIELDS: Record<SportName, readonly Field[]> = {
  motorsport: ['id', 'name', 'team', 'lane'],
  athletics: ['id', 'name', 'club', 'nation', 'lane', 'bib'],
  horse: ['id', 'name', 'jockey', 'trainer', 'draw'],
  greyhound: ['id', 'name', 'trainer', 'trap'],
};

/** A table row: every field as text ('' for none). */
export type Row = Record<Field, string>;

export function rowOf(c: Competitor): Row {
  const name = c.name || [c.firstName, c.lastName].filter(Boolean).join(' ');
  return { id: c.id, name, team: c.team ?? '', club: c.club ?? '', nation: c.nation ?? '', lane: c.lane ?? '', bib: c.bib ?? '', jockey: c.jockey ?? '', trainer: c.trainer ?? '', draw: c.draw ?? '', trap: c.trap ?? '' };
}

export const emptyRow = (): Row => rowOf({ id: '', name: '' });

/** The competitor a row stands for, keeping what the table does not show (colour, first and last name). */
export function competitorOf(row: Row, was?: Competitor): Competitor {
  const c: Competitor = { ...(was ?? {}), id: row.id.trim(), name: row.name.trim() };
  if (was && c.name !== rowOf(was).name) {
    delete c.firstName;
    delete c.lastName;
  }
  for (const f of ['team', 'club', 'nation', 'lane', 'bib', 'jockey', 'trainer', 'draw', 'trap'] as const) {
    const v = row[f].trim();
    if (v) c[f] = v;
    else delete c[f];
  }
  return c;
}

/** Rows from pasted spreadsheet cells. A first line whose cells name columns is a header; otherwise `order` applies. */
export function pastedRows(text: string, order: readonly Field[]): Row[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const cells = (l: string) => l.split('\t').map((c) => c.trim());
  const header = columnsOf(cells(lines[0] as string));
  const hasHeader = header.has('id') && header.size >= 2;
  const at = new Map<string, number>(hasHeader ? header : order.map((f, i) => [f, i]));
  return lines.slice(hasHeader ? 1 : 0).map((l) => {
    const v = cells(l);
    const row = emptyRow();
    for (const f of Object.keys(row) as Field[]) {
      const i = at.get(f);
      if (i !== undefined) row[f] = v[i] ?? '';
    }
    if (!row.name) {
      const [fi, li] = [at.get('firstName'), at.get('lastName')];
      row.name = [fi !== undefined ? v[fi] : '', li !== undefined ? v[li] : ''].filter(Boolean).join(' ');
    }
    return row;
  });
}

/** A row with a pasted one laid over it: the pasted cells that hold something win. */
export function mergeRow(row: Row, pasted: Row | undefined): Row {
  if (!pasted) return row;
  const out = { ...row };
  for (const f of Object.keys(row) as Field[]) if (pasted[f].trim()) out[f] = pasted[f];
  return out;
}
