/**
 * The close finishes of a race, ready to draw: which finishers each enlargement shows (the domain's choice), the
 * bodies behind their hairlines found in the composite around them, the crop that follows from those, and the
 * words (place tags, margins by the sport's rule, the time of one column). The result sheet, the posted photo and
 * the workspace's Close-up all start from here, so they show the same crop with the same labels.
 */
import sharp from 'sharp';
import type { CloseupsView, FinisherResult, RaceView } from '../api/types.js';
import { closeFinishes, hairlineTag, MAX_ENLARGEMENTS, ordinal, type Finisher } from '../domain/closeup/close-finishes.js';
import { closeupCrop, enlargesTogether, type CloseupCrop } from '../domain/closeup/closeup-plan.js';
import { bodiesAtHairlines } from '../domain/detection/body-extent.js';
import type { Plane } from '../domain/detection/composite-objects.js';
import { msText } from './sheet/describe.js';
import { HAIRLINE_PALETTE } from './sheet/image-plan.js';
import { cropRegion } from './crop-image.js';
import { ColumnTimes } from '../domain/time/column-time.js';

export interface CloseupSubject {
  competitorId: string;
  name: string;
  place: number;
  column: number;
  colour: string;
  typed: boolean;
  /** "1st #5". */
  tag: string;
  /** Behind the previous subject by the sport's rule ("+0.001 s", "short head", "dead heat"); '' for the first. */
  margin: string;
}

export interface Closeup {
  decisive: boolean;
  subjects: CloseupSubject[];
  crop: CloseupCrop;
  /** Whether a body was found behind every hairline (else the crop keeps every row). */
  bodiesFound: boolean;
  /** "1 column = 1.000 ms": the frame interval at the first hairline. */
  columnTime: string;
}

export interface Closeups {
  closeups: Closeup[];
  /** Close finishes beyond the limit, as "5th–6th". */
  left: string[];
}

/** Columns of the composite the body finder looks at before and after the hairlines (long bodies, a still background). */
const WINDOW_BEFORE = 600;
const WINDOW_AFTER = 1500;

export function hairlineColour(view: RaceView, competitorId: string): string {
  const idx = view.competitors.findIndex((c) => c.id === competitorId);
  return view.competitors[idx]?.colour ?? (HAIRLINE_PALETTE[Math.max(0, idx) % HAIRLINE_PALETTE.length] as string);
}

/**
 * The margin an enlargement (and the posted photo) writes behind the one ahead: the published result's own
 * (lengths where the sport names them, else seconds); "dead heat" or "tie" where the two share the place.
 */
export function marginWords(r: FinisherResult, ahead: FinisherResult, sport: string): string {
  if (r.place !== null && r.place === ahead.place) return r.dead_heat && ahead.dead_heat ? 'dead heat' : 'tie';
  const margin = r.behind_previous_display ?? r.margin_display;
  if (sport === 'horse' || sport === 'greyhound') return margin || r.lengths_display || '';
  return margin ? `${margin} s` : '';
}

export async function findCloseups(view: RaceView, composite: Buffer, times: ColumnTimes, closeColumns: number): Promise<Closeups> {
  const results = new Map(view.results.finishers.map((f) => [f.competitor, f]));
  const marks = new Map(view.marks.map((m) => [m.competitorId, m]));
  const finishers = view.results.finishers
    .filter((f) => f.place !== null && marks.has(f.competitor))
    .map((f) => ({ competitorId: f.competitor, place: f.place as number, column: times.columnOfMark(marks.get(f.competitor)!.position) }));
  // One more than the limit: the decisive finish may turn out not to make an enlargement (below).
  const { enlarged, left } = closeFinishes(finishers, { closeColumns, max: MAX_ENLARGEMENTS + 1 });
  const size = { columns: view.evidence.composite.width, rows: view.evidence.composite.height };
  const closeups: Closeup[] = [];
  for (const [k, finish] of enlarged.entries()) {
    if (closeups.length === MAX_ENLARGEMENTS) {
      left.unshift(...enlarged.slice(k));
      break;
    }
    const cols = finish.members.map((m) => m.column as number);
    const bodies = await bodiesAround(composite, size, cols);
    const placed = cols.map((column, i) => ({ column, body: bodies[i] ?? null }));
    // The winner's finish is enlarged even when not close, unless the gap would shrink the bodies to slivers.
    const close = cols.every((c, i) => i === 0 || Math.abs(c - (cols[i - 1] as number)) < closeColumns);
    if (finish.decisive && !close && !enlargesTogether(placed, size)) continue;
    const crop = closeupCrop(placed, size);
    const subjects = finish.members.map((m, i): CloseupSubject => {
      const r = results.get(m.competitorId) as FinisherResult;
      const prev = i > 0 ? results.get((finish.members[i - 1] as Finisher).competitorId) : undefined;
      return {
        competitorId: m.competitorId,
        name: r.name,
        place: m.place,
        column: m.column as number,
        colour: hairlineColour(view, m.competitorId),
        typed: marks.get(m.competitorId)?.origin === 'typed',
        tag: hairlineTag(m.place, m.competitorId),
        margin: prev ? marginWords(r, prev, view.sport.sport) : '',
      };
    });
    closeups.push({ decisive: finish.decisive, subjects, crop, bodiesFound: bodies.every((b) => b !== null), columnTime: columnTimeText(times, cols[0] as number) });
  }
  return { closeups, left: left.map((f) => `${ordinal((f.members[0] as Finisher).place)}–${ordinal((f.members[f.members.length - 1] as Finisher).place)}`) };
}

/** The bodies behind the hairlines, found in a window of the composite around them. */
async function bodiesAround(composite: Buffer, size: { columns: number; rows: number }, cols: number[]) {
  const lo = Math.max(0, Math.floor(Math.min(...cols)) - WINDOW_BEFORE);
  const hi = Math.min(size.columns, Math.ceil(Math.max(...cols)) + WINDOW_AFTER);
  const { data, info } = await sharp(composite, { limitInputPixels: false })
    .extract({ left: lo, top: 0, width: hi - lo, height: size.rows })
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const plane: Plane = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  return bodiesAtHairlines(
    plane,
    cols.map((c) => c - lo),
  ).map((b) => (b ? { ...b, first: b.first + lo, last: b.last + lo } : null));
}

/** Hairlines within this many columns are decided by the sub-column reading: always worth an enlargement. */
export const CLOSE_COLUMNS = 3;

/** The close-ups for the workspace, each with its crop's pixels (as printed: mirrored right to left). */
export async function closeupsView(view: RaceView, composite: Buffer): Promise<CloseupsView> {
  const { closeups, left } = await findCloseups(view, composite, new ColumnTimes(view.timesNs), CLOSE_COLUMNS);
  const src = { data: composite, width: view.evidence.composite.width, height: view.evidence.composite.height };
  const out = await Promise.all(
    closeups.map(async (c) => {
      const png = await cropRegion(src, c.crop, view.direction === 'rtl', 1, 1);
      return {
        decisive: c.decisive,
        crop: { ...c.crop },
        subjects: c.subjects.map(({ colour: _colour, ...s }) => s),
        columnTime: c.columnTime,
        bodiesFound: c.bodiesFound,
        dataUrl: `data:image/png;base64,${png.toString('base64')}`,
      };
    }),
  );
  return { revision: view.revision, closeups: out, left };
}

function columnTimeText(times: ColumnTimes, column: number): string {
  const c = Math.max(0, Math.min(times.columns - 2, Math.floor(column)));
  const t0 = times.times[c];
  const t1 = times.times[c + 1];
  return t0 === undefined || t1 === undefined ? '' : `1 column = ${msText(t1 - t0)}`;
}
