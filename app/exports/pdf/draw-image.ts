/**
 * The photo-finish image on the sheet: each band of the crop embedded at full resolution (the PDF keeps every
 * composite pixel; only its printed size is set), every hairline in its competitor's colour labelled with number
 * and time above the image, dropped-frame gaps shaded, and a race-clock ruler under each band.
 */
import type { ImagePlan } from '../sheet/image-plan.js';
import { overviewLabels, type OverviewLabels } from '../sheet/overview-labels.js';
import { MUTED, RULE, type SheetWriter } from './sheet-writer.js';

const LABEL_ROW = 10;
/** Label rows over a band before its labels are shortened. */
const MAX_LABEL_ROWS = 4;
/** Height of the band where fanned-out leaders slant to their hairlines. */
const FAN = 12;
const LABEL_SIZE = 7;
const RULER_SPACE = 28;

/** Where things landed, for tests and for anyone checking the print against the evidence. */
export interface PrintedBand {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  start: number;
  end: number;
}

export interface PrintedHairline {
  competitorId: string;
  page: number;
  x: number;
  top: number;
  bottom: number;
  colour: string;
}

export interface PrintedImage {
  bands: PrintedBand[];
  hairlines: PrintedHairline[];
  unitsPerColumn: number;
}

export interface DrawImageOptions {
  /** Printed height of each band; by default from the composite's rows (90–190 pt, 110 pt when banded). */
  height?: number;
  /** Explain ruler, hairline styles and shading in the caption (once per sheet). */
  legend?: boolean;
}

const LEGEND = ' Ruler: race clock in seconds. Solid hairline = read from the image; dashed (T) = typed by hand; shaded = no picture (dropped frames).';

export function drawImage(w: SheetWriter, plan: ImagePlan, bandImages: Buffer[], rows: number, captionText: string, opts: DrawImageOptions = {}): PrintedImage {
  const caption = opts.legend === false ? captionText : captionText + LEGEND;
  const d = w.doc;
  const imageHeight = opts.height ?? (plan.bands.length === 1 ? Math.min(190, Math.max(90, rows)) : 110);
  const out: PrintedImage = { bands: [], hairlines: [], unitsPerColumn: plan.unitsPerColumn };

  w.font('Sans', 7, MUTED);
  const captionHeight = w.heightOf(caption, w.contentWidth);
  w.ensure(captionHeight + 60 + imageHeight);
  w.textAt(caption, w.left, w.y, { width: w.contentWidth });
  w.y += captionHeight + 4;

  for (const band of plan.bands) {
    const lines = plan.hairlines.filter((h) => h.band === band.index);
    d.font('Sans-Bold').fontSize(LABEL_SIZE);
    const labels = overviewLabels(lines, (t) => d.widthOfString(t), band.width, 4, MAX_LABEL_ROWS);
    const fan = labels.mode === 'fan' ? FAN : 0;
    const labelSpace = labels.rows * LABEL_ROW + 6 + fan;
    w.ensure(labelSpace + imageHeight + RULER_SPACE);
    const x0 = w.left;
    const top = w.y + labelSpace;

    // Labels in rows above the image, each beside its hairline, which runs on up to its label; or, for a tight
    // bunch, one row fanned out with leaders slanting down to the hairlines in their order.
    lines.forEach((h, i) => {
      const p = labels.placed[i] as OverviewLabels['placed'][number];
      const text = labels.texts[i] as string;
      const ly = top - 6 - fan - (p.row + 1) * LABEL_ROW + 1;
      w.font('Sans-Bold', LABEL_SIZE, h.colour);
      w.textAt(text, x0 + p.left, ly, { lineBreak: false });
      if (labels.mode === 'fan') {
        const cx = x0 + p.left + d.widthOfString(text) / 2;
        d.moveTo(cx, ly + LABEL_ROW - 1).lineTo(cx, ly + LABEL_ROW + 1).lineTo(x0 + h.x, top - 3).lineTo(x0 + h.x, top).lineWidth(0.4).strokeColor(h.colour).stroke();
      } else {
        d.moveTo(x0 + h.x, p.over ? ly + LABEL_ROW - 1.5 : ly).lineTo(x0 + h.x, top).lineWidth(0.4).strokeColor(h.colour).stroke();
      }
    });

    d.image(bandImages[band.index] as Buffer, x0, top, { width: band.width, height: imageHeight });
    d.rect(x0, top, band.width, imageHeight).lineWidth(0.4).strokeColor(RULE).stroke();

    const bandGaps = plan.gaps.filter((gp) => gp.band === band.index);
    for (const g of bandGaps) {
      const gw = Math.max(3, plan.unitsPerColumn);
      d.save();
      d.rect(x0 + g.x - gw / 2, top, gw, imageHeight).fillColor('#ff0000').fillOpacity(0.3).fill();
      d.restore();
    }

    for (const h of lines) {
      d.save();
      if (h.typed) d.dash(3, { space: 2 });
      d.moveTo(x0 + h.x, top).lineTo(x0 + h.x, top + imageHeight).lineWidth(0.75).strokeColor(h.colour).stroke();
      d.restore();
      out.hairlines.push({ competitorId: h.competitorId, page: w.pageIndex, x: x0 + h.x, top, bottom: top + imageHeight, colour: h.colour });
    }

    const base = top + imageHeight + 1;
    d.moveTo(x0, base).lineTo(x0 + band.width, base).lineWidth(0.5).strokeColor(MUTED).stroke();
    w.font('Sans', 6, MUTED);
    let lastRight = -Infinity;
    for (const t of plan.ticks.filter((tk) => tk.band === band.index).sort((a, b) => a.x - b.x)) {
      d.moveTo(x0 + t.x, base).lineTo(x0 + t.x, base + (t.label ? 4 : 2)).lineWidth(0.4).strokeColor(MUTED).stroke();
      if (t.label) {
        const tw = d.widthOfString(t.label);
        const tx = Math.min(Math.max(x0 + t.x - tw / 2, x0), x0 + band.width - tw);
        if (tx > lastRight + 3) {
          w.textAt(t.label, tx, base + 5, { lineBreak: false });
          lastRight = tx + tw;
        }
      }
    }
    // Gap labels on their own line under the ruler, so they cover neither the picture nor a hairline.
    w.font('Sans-Bold', 6, '#b00000');
    let gapRight = -Infinity;
    for (const g of bandGaps.sort((a, b) => a.x - b.x)) {
      const tw = d.widthOfString(g.text);
      const tx = Math.min(Math.max(x0 + g.x - tw / 2, x0, gapRight + 4), x0 + band.width - tw);
      d.moveTo(x0 + g.x, base + 11).lineTo(x0 + g.x, base + 13).lineWidth(0.6).strokeColor('#b00000').stroke();
      w.textAt(g.text, tx, base + 13, { lineBreak: false });
      gapRight = tx + tw;
    }
    out.bands.push({ page: w.pageIndex, x: x0, y: top, width: band.width, height: imageHeight, start: band.start, end: band.end });
    w.y = base + (bandGaps.length ? RULER_SPACE : RULER_SPACE - 9);
  }
  w.y += 4;
  return out;
}
