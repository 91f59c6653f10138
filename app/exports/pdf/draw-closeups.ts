/**
 * The sheet's enlargements: one for the decisive finish and one for each other finish too close to read on the
 * overview (up to the domain's limit; the rest are named), each in true proportions with labelled hairlines.
 */
import type { RaceView } from '../../api/types.js';
import { MAX_ENLARGEMENTS } from '../../domain/closeup/close-finishes.js';
import { CLOSE_COLUMNS, findCloseups } from '../closeups.js';
import type { CompositeSource } from '../crop-image.js';
import { closeupCaption } from '../sheet/closeup-caption.js';
import type { ImagePlan } from '../sheet/image-plan.js';
import type { ColumnTimes } from '../../domain/time/column-time.js';
import { drawCloseup, type PrintedCloseup } from './draw-closeup.js';
import { MUTED, type SheetWriter } from './sheet-writer.js';

/** Hairlines closer than this on the overview cannot be told apart there. */
const CLOSE_POINTS = 8;

export async function drawCloseups(w: SheetWriter, view: RaceView, src: CompositeSource, times: ColumnTimes, overview: ImagePlan): Promise<PrintedCloseup[]> {
  const closeColumns = Math.max(CLOSE_COLUMNS, CLOSE_POINTS / overview.unitsPerColumn);
  const { closeups, left } = await findCloseups(view, src.data, times, closeColumns);
  if (closeups.length === 0) return [];
  const printed: PrintedCloseup[] = [];
  for (const [i, c] of closeups.entries()) {
    const heading = i === 0 ? (closeups.length === 1 ? 'Enlargement' : 'Enlargements') : undefined;
    printed.push(await drawCloseup(w, c, src, overview.rtl, (scale) => closeupCaption(c, i, closeups.length, src.height, scale), heading));
  }
  if (left.length > 0) {
    w.font('Sans', 7, MUTED);
    const text = `Also close, not enlarged (at most ${MAX_ENLARGEMENTS} enlargements per sheet): ${left.join(', ')}. See the overview above and the annotated PNG export.`;
    w.ensure(w.heightOf(text, w.contentWidth) + 4);
    w.textAt(text, w.left, w.y, { width: w.contentWidth });
    w.y += w.heightOf(text, w.contentWidth) + 6;
  }
  return printed;
}
