/**
 * An enlargement of a close finish on the result sheet: its caption, then the crop in true proportions with the
 * hairlines, place tags above and margins below (the domain's close-up scene, painted with pdfkit). The crop is
 * embedded with each pixel repeated a whole number of times, so the PDF's x and y resolutions say how it is drawn.
 */
import { fitCloseup, closeupX } from '../../domain/closeup/closeup-plan.js';
import { closeupScene, type CloseupScene } from '../../domain/closeup/closeup-scene.js';
import { columnRepeatWords } from '../../domain/closeup/closeup-words.js';
import type { Closeup } from '../closeups.js';
import { cropRegion, type CompositeSource } from '../crop-image.js';
import type { PrintedBand } from './draw-image.js';
import { MUTED, RULE, type SheetWriter } from './sheet-writer.js';

const MAX_HEIGHT = 240;
const MAX_TALL_HEIGHT = 400;
const SLACK = 70;
const ROW = 11;
const TAG_SIZE = 7.5;
/** Embedded pixels are at most this many points, so the print stays sharp wherever a viewer smooths. */
const EMBED_PT = 0.6;
const MAX_REPEAT = 8;

/** Where the enlargement landed (page, box in points), for tests and for checking the print against the evidence. */
export interface PrintedCloseup extends Omit<PrintedBand, 'start' | 'end'> {
  unitsPerRow: number;
  unitsPerColumn: number;
  crop: Closeup['crop'];
  /** Pixels of the embedded image (the crop with every pixel repeated). */
  embedded: { width: number; height: number };
  hairlines: { competitorId: string; x: number }[];
}

/** `heading`, when given, is kept on the page with the enlargement. */
export async function drawCloseup(w: SheetWriter, c: Closeup, src: CompositeSource, rtl: boolean, caption: (scale: string) => string, heading?: string): Promise<PrintedCloseup> {
  const d = w.doc;
  const room = w.contentWidth - 2 * SLACK;
  let scale = fitCloseup(c.crop, { width: room, height: MAX_HEIGHT, maxUnitsPerRow: 12 });
  // A tall, narrow crop (a slow camera, competitors far apart across the line) may use more of the page's height.
  if (scale.width < room / 3) scale = fitCloseup(c.crop, { width: room, height: MAX_TALL_HEIGHT, maxUnitsPerRow: 12 });
  const repeat = Math.max(1, Math.min(MAX_REPEAT, Math.ceil(scale.unitsPerRow / EMBED_PT)));
  const repeatX = repeat * c.crop.columnRepeat;
  const image = await cropRegion(src, c.crop, rtl, repeatX, repeat);

  const subjects = c.subjects.map((s) => ({ x: closeupX(c.crop, scale, s.column, rtl), tag: s.tag, margin: s.margin, colour: s.colour, typed: s.typed }));
  const scene = closeupScene(subjects, scale, {
    row: ROW,
    gap: 3,
    slack: SLACK,
    hairline: 0.8,
    measure: (text, bold) => d.font(bold ? 'Sans-Bold' : 'Sans').fontSize(TAG_SIZE).widthOfString(text),
  });

  const captionText = caption(scaleWords(c, scale.unitsPerRow));
  w.font('Sans', 7, MUTED);
  const captionHeight = w.heightOf(captionText, w.contentWidth);
  const height = captionHeight + 6 + (scene.bounds.bottom - scene.bounds.top) + 8;
  if (heading) {
    w.heading(heading, height);
    w.font('Sans', 7, MUTED);
  } else {
    w.ensure(height);
  }
  w.textAt(captionText, w.left, w.y, { width: w.contentWidth });
  w.y += captionHeight + 4;

  const x0 = w.left + (w.contentWidth - scale.width) / 2;
  const y0 = w.y - scene.bounds.top;
  d.image(image, x0, y0, { width: scale.width, height: scale.height });
  d.rect(x0, y0, scale.width, scale.height).lineWidth(0.4).strokeColor(RULE).stroke();
  paintScene(w, scene, x0, y0);
  w.y = y0 + scene.bounds.bottom + 10;
  return {
    page: w.pageIndex,
    x: x0,
    y: y0,
    width: scale.width,
    height: scale.height,
    unitsPerRow: scale.unitsPerRow,
    unitsPerColumn: scale.unitsPerColumn,
    crop: c.crop,
    embedded: { width: (c.crop.end - c.crop.start) * repeatX, height: (c.crop.bottom - c.crop.top) * repeat },
    hairlines: c.subjects.map((s, i) => ({ competitorId: s.competitorId, x: x0 + (subjects[i]?.x ?? 0) })),
  };
}

function paintScene(w: SheetWriter, scene: CloseupScene, x0: number, y0: number): void {
  const d = w.doc;
  for (const l of scene.lines) {
    d.save();
    if (l.dashed) d.dash(3, { space: 2 });
    d.moveTo(x0 + l.x1, y0 + l.y1).lineTo(x0 + l.x2, y0 + l.y2).lineWidth(l.width).strokeColor(l.colour).stroke();
    d.restore();
  }
  for (const t of scene.texts) {
    w.font(t.bold ? 'Sans-Bold' : 'Sans', TAG_SIZE, t.colour);
    w.textAt(t.text, x0 + t.x, y0 + t.y + (ROW - TAG_SIZE * 1.17) / 2, { lineBreak: false });
  }
}

/** How the enlargement is drawn, in words for its caption. */
function scaleWords(c: Closeup, unitsPerRow: number): string {
  const k = c.crop.columnRepeat;
  const pt = unitsPerRow.toFixed(2);
  const how = 'pixels repeated, never resampled';
  if (k === 1) return `${c.columnTime}, shown ${pt} pt per column and per row (one column as wide as one row is tall); ${how}`;
  return `${c.columnTime}, ${columnRepeatWords(k)} (${(unitsPerRow * k).toFixed(2)} pt; each row ${pt} pt); ${how}`;
}
