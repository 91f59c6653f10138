/**
 * Start lists from the files officials already have: a CSV with a header (`id` or `bib`, `name` or first/last name
 * columns, and the optional columns of csv-columns.ts), FinishLynx `lynx.ppl` (`ID, last name, first name, affiliation`) and `lynx.evt`
 * (an event line `event, round, heat, name, ...`, then competitor lines `,ID, lane, last, first, affiliation`).
 * Lines starting with `;` are comments. Every problem is one line naming the file and the line.
 */
import { UserError } from '../errors.js';
import type { Competitor } from '../race/document.js';
import { splitCsvLine } from '../text/csv-line.js';
import { decodeCp1252 } from '../text/cp1252.js';
import { decodeUtf8, isWellFormedUtf8 } from '../text/utf8.js';
import { columnsOf, EXTRA_FIELDS, SHORT_FIELDS, type ExtraField } from './csv-columns.js';

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
 * Text of a start-list file: a UTF-8 byte-order mark means UTF-8; otherwise a file that is well-formed UTF-8 is
 * read as UTF-8 (today's meet software writes FinishLynx files that way too, without a mark), and one that is not
 * as Windows-1252, FinishLynx's own encoding. Accented Windows-1252 text is practically never well-formed UTF-8.
 */
export function decodeStartListBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes.subarray(3));
  if (isWellFormedUtf8(bytes)) return decodeUtf8(bytes);
  return decodeCp1252(bytes);
}

interface Line {
  no: number;
  fields: string[];
  startsWithComma: boolean;
}

/** The event a lynx.evt names on its event line: `event, round, heat, event name, ...`. */
export interface EvtEvent {
  /** `event-round-heat`, what `--event` chooses by. */
  key: string;
  number: number;
  round: number;
  heat: number;
  name: string;
  /**
   * The race's distance in metres, from the event line's distance field (FinishLynx: event, round, heat, name,
   * wind, wind unit, template, capture time, capture duration, distance, start time, ...), where it holds one.
   */
  distanceM?: number;
  competitors: number;
}

/** The competitors, and for a lynx.evt the event they are the start list of. */
export function parseStartList(text: string, kind: StartListKind, file: string, options: StartListOptions = {}): { competitors: Competitor[]; event?: EvtEvent } {
  const lines = readLines(text, file, kind === 'csv' ? sniffSeparator(text) : ',');
  let event: EvtEvent | undefined;
  let competitors: Competitor[];
  if (kind === 'evt') ({ competitors, event } = parseEvt(lines, file, options.event));
  else competitors = kind === 'csv' ? parseCsv(lines, file) : parsePpl(lines, file);
  if (competitors.length === 0) throw new UserError(`${file}: no competitors found`, 'INVALID_ARGUMENT');
  return { competitors, ...(event ? { event } : {}) };
}

/** What a lynx.evt's event line says of the event, as the race's event fields. */
export function evtEventFields(e: EvtEvent): { number: number; round: number; heat: number; name?: string; distanceM?: number } {
  return { number: e.number, round: e.round, heat: e.heat, ...(e.name ? { name: e.name } : {}), ...(e.distanceM !== undefined ? { distanceM: e.distanceM } : {}) };
}

/** Index of the distance field on a lynx.evt event line. */
const EVT_DISTANCE_FIELD = 9;

/** "100", "1609.344", "100m", "100 m": metres; anything else (empty, "1 mile") is no distance. */
function evtDistance(text: string | undefined): number | undefined {
  const m = /^\s*(\d{1,6}(?:\.\d{1,3})?)\s*(?:m)?\s*$/i.exec(text ?? '');
  const v = m ? Number(m[1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

/** Every event of a lynx.evt, in file order (the set-up screen offers them). */
export function listEvtEvents(text: string, file: string): EvtEvent[] {
  return splitEvt(readLines(text, file, ','), file).map(({ event }) => event);
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

function parseCsv(lines: Line[], file: string): Competitor[] {
  const [header, ...rows] = lines;
  if (!header) throw new UserError(`${file}: the file is empty`, 'INVALID_ARGUMENT');
  const columns = columnsOf(header.fields);
  if (!columns.has('id')) {
    throw new UserError(`${file} line ${header.no}: the header must have an id column (or bib, or trap) (found: ${header.fields.join(', ') || 'nothing'})`, 'INVALID_ARGUMENT');
  }
  if (!columns.has('name') && !columns.has('lastName') && !columns.has('firstName')) {
    throw new UserError(`${file} line ${header.no}: the header must have a name column (or first/last name)`, 'INVALID_ARGUMENT');
  }
  const get = (l: Line, f: string) => {
    const i = columns.get(f);
    return i === undefined ? '' : (l.fields[i] ?? '').trim();
  };
  return collect(
    rows.map((l) => ({
      no: l.no,
      id: get(l, 'id'),
      name: get(l, 'name'),
      first: get(l, 'firstName'),
      last: get(l, 'lastName'),
      team: get(l, 'team'),
      lane: get(l, 'lane'),
      extra: Object.fromEntries(EXTRA_FIELDS.filter((f) => columns.has(f)).map((f) => [f, get(l, f)])),
    })),
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

/** The event blocks of a lynx.evt: each event line with the competitor lines under it. */
function splitEvt(lines: Line[], file: string): { event: EvtEvent; rows: Line[] }[] {
  const events: { event: EvtEvent; rows: Line[] }[] = [];
  for (const l of lines) {
    if (!l.startsWithComma) {
      const [ev = '', round = '', heat = '', title = ''] = l.fields;
      if (!/^\d+$/.test(ev)) throw new UserError(`${file} line ${l.no}: an event line must start with the event number, got "${ev}"`, 'INVALID_ARGUMENT');
      const whole = (t: string, what: string) => {
        if (t === '') return 1;
        if (!/^\d+$/.test(t)) throw new UserError(`${file} line ${l.no}: the ${what} must be a whole number, got "${t}"`, 'INVALID_ARGUMENT');
        return Number(t);
      };
      const number = Number(ev);
      const r = whole(round, 'round');
      const h = whole(heat, 'heat');
      const distanceM = evtDistance(l.fields[EVT_DISTANCE_FIELD]);
      events.push({ event: { key: [number, r, h].join('-'), number, round: r, heat: h, name: title.trim(), ...(distanceM !== undefined ? { distanceM } : {}), competitors: 0 }, rows: [] });
      continue;
    }
    const current = events[events.length - 1];
    if (!current) throw new UserError(`${file} line ${l.no}: a competitor line comes before any event line`, 'INVALID_ARGUMENT');
    current.rows.push(l);
    current.event.competitors += 1;
  }
  if (events.length === 0) throw new UserError(`${file}: no event line found`, 'INVALID_ARGUMENT');
  return events;
}

function parseEvt(lines: Line[], file: string, wanted: string | undefined): { competitors: Competitor[]; event: EvtEvent } {
  const events = splitEvt(lines, file);
  let chosen: (typeof events)[number] | undefined;
  if (wanted) {
    const w = wanted.trim();
    // "12", "12-1" or "12-1-3", numbers compared as numbers ("012-1-03" is the same event).
    const [n, r, h] = w.split('-').map((p) => (/^\d+$/.test(p.trim()) ? Number(p) : Number.NaN));
    chosen = events.find((e) => e.event.number === n && (r === undefined || e.event.round === r) && (h === undefined || e.event.heat === h));
    if (!chosen) throw new UserError(`${file}: no event ${w} (events: ${events.map((e) => e.event.key).join(', ')})`, 'INVALID_ARGUMENT');
  } else if (events.length > 1) {
    const keys = events.slice(0, 8).map((e) => e.event.key).join(', ');
    throw new UserError(`${file}: holds ${events.length} events (${keys})`, 'INVALID_ARGUMENT', { hint: 'choose-event', facts: { events: keys } });
  } else chosen = events[0];
  const { event, rows } = chosen as (typeof events)[number];
  const competitors = collect(
    rows.map((l) => {
      // Competitor lines start with a comma, so field 0 is empty: ,ID,lane,last,first,affiliation,...
      const [, id = '', lane = '', last = '', first = '', team = ''] = l.fields;
      return { no: l.no, id, name: '', first, last, team, lane };
    }),
    file,
  );
  return { competitors, event };
}

interface RawCompetitor {
  no: number;
  id: string;
  name: string;
  first: string;
  last: string;
  team: string;
  lane: string;
  /** The optional CSV columns (csv-columns.ts). */
  extra?: Partial<Record<ExtraField, string>>;
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
    for (const [field, raw] of Object.entries(r.extra ?? {}) as [ExtraField, string][]) {
      const value = raw.trim();
      if (!value || c[field] !== undefined) continue;
      const max = SHORT_FIELDS.has(field) ? 16 : 200;
      if (value.length > max) throw new UserError(`${where}: ${field} "${value.slice(0, 20)}…" is longer than ${max} characters`, 'INVALID_ARGUMENT');
      c[field] = value;
    }
    out.push(c);
  }
  return out;
}
