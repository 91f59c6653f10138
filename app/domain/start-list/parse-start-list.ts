/**
 * Start lists from the files officials already have: a CSV with a header (`id`, `name`, optional `team`, `lane`,
 * or first/last name columns), FinishLynx `lynx.ppl` (`ID, last name, first name, affiliation`) and `lynx.evt`
 * (an event line `event, round, heat, name, ...`, then competitor lines `,ID, lane, last, first, affiliation`).
 * Lines starting with `;` are comments. Every problem is one line naming the file and the line.
 */
import { UserError } from '../errors.js';
import type { Competitor } from '../race/document.js';
import { splitCsvLine } from './csv-line.js';
import { decodeCp1252, decodeUtf8, isWellFormedUtf8 } from './cp1252.js';

export type StartListKind = 'csv' | 'ppl' | 'evt';

export interface StartListOptions {
  /** For `.evt` files holding several events: which one, as `event`, `event-round` or `event-round-heat`. */
  event?: string;
}

export function startListKindOf(fileName: string): StartListKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.ppl')) return 'ppl';
  if (lower.endsWith('.evt')) return 'evt';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  return null;
}

/**
 * Text of a start-list file: a UTF-8 byte-order mark means UTF-8; FinishLynx files are otherwise Windows-1252;
 * a CSV is read as UTF-8 when it is well-formed UTF-8 and as Windows-1252 when not.
 */
export function decodeStartListBytes(bytes: Uint8Array, kind: StartListKind): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes.subarray(3));
  if (kind === 'csv' && isWellFormedUtf8(bytes)) return decodeUtf8(bytes);
  return decodeCp1252(bytes);
}

interface Line {
  no: number;
  fields: string[];
  startsWithComma: boolean;
}

export function parseStartListText(text: string, kind: StartListKind, file: string, options: StartListOptions = {}): Competitor[] {
  const lines = readLines(text, file, kind === 'csv' ? sniffSeparator(text) : ',');
  const competitors =
    kind === 'csv' ? parseCsv(lines, file) : kind === 'ppl' ? parsePpl(lines, file) : parseEvt(lines, file, options.event);
  if (competitors.length === 0) throw new UserError(`${file}: no competitors found`, 'INVALID_ARGUMENT');
  return competitors;
}

/**
 * Spreadsheets in much of Europe save "CSV" with semicolons (the comma being the decimal mark), and some with
 * tabs: the header line says which.
 */
function sniffSeparator(text: string): string {
  const header = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  const count = (ch: string) => header.split(ch).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

function readLines(text: string, file: string, separator: string): Line[] {
  const out: Line[] = [];
  for (const [i, rawLine] of text.split(/\r\n|\r|\n/).entries()) {
    const line = rawLine.replace(/^\uFEFF/, '');
    // `;` starts a comment in FinishLynx files; in a semicolon-separated CSV it only separates fields.
    if (line.trim() === '' || (separator !== ';' && line.trimStart().startsWith(';'))) continue;
    const fields = splitCsvLine(line, separator);
    if (typeof fields === 'string') throw new UserError(`${file} line ${i + 1}: ${fields}`, 'INVALID_ARGUMENT');
    out.push({ no: i + 1, fields, startsWithComma: line.trimStart().startsWith(',') });
  }
  return out;
}

const HEADER_ALIASES: Record<string, readonly string[]> = {
  id: ['id', 'bib', 'number', 'no', 'competitor', 'competitor id'],
  name: ['name', 'full name', 'competitor name'],
  firstName: ['first', 'first name', 'firstname', 'given name'],
  lastName: ['last', 'last name', 'lastname', 'surname', 'family name'],
  team: ['team', 'affiliation', 'club', 'country', 'nat', 'nation'],
  lane: ['lane', 'post', 'gate', 'trap', 'stall'],
};

function parseCsv(lines: Line[], file: string): Competitor[] {
  const [header, ...rows] = lines;
  if (!header) throw new UserError(`${file}: the file is empty`, 'INVALID_ARGUMENT');
  const columns = new Map<string, number>();
  header.fields.forEach((h, i) => {
    const key = h.trim().toLowerCase().replace(/[_-]+/g, ' ');
    for (const [field, aliases] of Object.entries(HEADER_ALIASES)) if (aliases.includes(key) && !columns.has(field)) columns.set(field, i);
  });
  if (!columns.has('id')) {
    throw new UserError(`${file} line ${header.no}: the header must have an id column (found: ${header.fields.join(', ') || 'nothing'})`, 'INVALID_ARGUMENT');
  }
  if (!columns.has('name') && !columns.has('lastName') && !columns.has('firstName')) {
    throw new UserError(`${file} line ${header.no}: the header must have a name column (or first/last name)`, 'INVALID_ARGUMENT');
  }
  const get = (l: Line, f: string) => {
    const i = columns.get(f);
    return i === undefined ? '' : (l.fields[i] ?? '').trim();
  };
  return collect(
    rows.map((l) => ({ no: l.no, id: get(l, 'id'), name: get(l, 'name'), first: get(l, 'firstName'), last: get(l, 'lastName'), team: get(l, 'team'), lane: get(l, 'lane') })),
    file,
  );
}

function parsePpl(lines: Line[], file: string): Competitor[] {
  return collect(
    lines.map((l) => {
      const [id = '', last = '', first = '', team = ''] = l.fields;
      return { no: l.no, id, name: '', first, last, team, lane: '' };
    }),
    file,
  );
}

function parseEvt(lines: Line[], file: string, wanted: string | undefined): Competitor[] {
  interface Event {
    key: string;
    title: string;
    no: number;
    rows: Line[];
  }
  const events: Event[] = [];
  for (const l of lines) {
    if (!l.startsWithComma) {
      const [ev = '', round = '', heat = '', title = ''] = l.fields;
      if (!/^\d+$/.test(ev)) throw new UserError(`${file} line ${l.no}: an event line must start with the event number, got "${ev}"`, 'INVALID_ARGUMENT');
      events.push({ key: [ev, round || '1', heat || '1'].join('-'), title, no: l.no, rows: [] });
      continue;
    }
    const current = events[events.length - 1];
    if (!current) throw new UserError(`${file} line ${l.no}: a competitor line comes before any event line`, 'INVALID_ARGUMENT');
    current.rows.push(l);
  }
  if (events.length === 0) throw new UserError(`${file}: no event line found`, 'INVALID_ARGUMENT');
  let chosen: Event | undefined;
  if (wanted) {
    const w = wanted.trim();
    chosen = events.find((e) => e.key === w) ?? events.find((e) => e.key.startsWith(`${w}-`));
    if (!chosen) throw new UserError(`${file}: no event ${w} (events: ${events.map((e) => e.key).join(', ')})`, 'INVALID_ARGUMENT');
  } else if (events.length > 1) {
    const keys = events.slice(0, 8).map((e) => e.key).join(', ');
    throw new UserError(`${file}: holds ${events.length} events (${keys})`, 'INVALID_ARGUMENT', { hint: 'choose-event', facts: { events: keys } });
  } else chosen = events[0];
  const event = chosen as Event;
  return collect(
    event.rows.map((l) => {
      // Competitor lines start with a comma, so field 0 is empty: ,ID,lane,last,first,affiliation,...
      const [, id = '', lane = '', last = '', first = '', team = ''] = l.fields;
      return { no: l.no, id, name: '', first, last, team, lane };
    }),
    file,
  );
}

interface RawCompetitor {
  no: number;
  id: string;
  name: string;
  first: string;
  last: string;
  team: string;
  lane: string;
}

function collect(rows: RawCompetitor[], file: string): Competitor[] {
  const seen = new Map<string, number>();
  const out: Competitor[] = [];
  for (const r of rows) {
    const where = `${file} line ${r.no}`;
    const id = r.id.trim();
    if (id === '') throw new UserError(`${where}: the competitor has no id`, 'INVALID_ARGUMENT');
    if (id.length > 32) throw new UserError(`${where}: id "${id.slice(0, 40)}" is longer than 32 characters`, 'INVALID_ARGUMENT');
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    if (/[\u0000-\u001f]/.test(id)) throw new UserError(`${where}: id contains control characters`, 'INVALID_ARGUMENT');
    const dup = seen.get(id);
    if (dup !== undefined) throw new UserError(`${where}: id ${id} already appears on line ${dup}`, 'INVALID_ARGUMENT');
    seen.set(id, r.no);
    const first = r.first.trim();
    const last = r.last.trim();
    const name = (r.name.trim() || [first, last].filter(Boolean).join(' ')).slice(0, 200);
    if (first.length > 100 || last.length > 100) throw new UserError(`${where}: name is longer than 100 characters`, 'INVALID_ARGUMENT');
    const lane = r.lane.trim();
    if (lane.length > 16) throw new UserError(`${where}: lane "${lane.slice(0, 20)}" is longer than 16 characters`, 'INVALID_ARGUMENT');
    const team = r.team.trim().slice(0, 200);
    const c: Competitor = { id, name };
    if (first) c.firstName = first;
    if (last) c.lastName = last;
    if (team) c.team = team;
    if (lane) c.lane = lane;
    out.push(c);
  }
  return out;
}
