/**
 * The overview image as raster layers for sharp to composite (the annotated PNG and the posted photo): the crop of
 * the composite scaled by whole pixels (or reduced where it is wider than the room), dropped-frame gaps shaded, each
 * hairline in its colour with its place label above (beside it, or fanned out for a tight bunch), and the race-clock
 * ruler under it. Positions are relative to the block's top-left corner; the image sits `left` pixels in.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { RaceView } from '../../api/types.js';
import { cropColumns } from '../crop-image.js';
import type { ImagePlan } from '../sheet/image-plan.js';
import { overviewLabels, type OverviewLabels } from '../sheet/overview-labels.js';
import type { TextCache, TextSpec } from './text.js';

export interface OverviewScale {
  /** Pixels per column and per row; whole numbers enlarge by repeating pixels, below 1 the crop is reduced. */
  x: number;
  y: number;
}

export interface RasterOverview {
  width: number;
  height: number;
  imageLeft: number;
  imageTop: number;
  imageWidth: number;
  imageHeight: number;
  /** The scaled crop, to go under the SVG lines; then `texts` over both. */
  image: OverlayOptions;
  svg: string[];
  texts: OverlayOptions[];
}

export interface OverviewStyle {
  /** Room left of the image (labels and tick texts may use it). */
  left: number;
  labelRow: number;
  labelRows: number;
  /** Text sizes in pixels: hairline labels, ruler and gap texts. */
  labelSize: number;
  tickSize: number;
  fan: number;
  ruler: number;
}

/** Every text the overview may draw, for the text cache to render first. */
export function overviewTexts(plan: ImagePlan, style: Pick<OverviewStyle, 'labelSize' | 'tickSize'>): TextSpec[] {
  return [
    ...plan.hairlines.flatMap((h) => h.labels.map((text) => ({ text, colour: h.colour, bold: true, size: style.labelSize }))),
    ...plan.ticks.filter((t) => t.label).map((t) => ({ text: t.label as string, colour: TICK_INK, bold: false, size: style.tickSize })),
    ...plan.gaps.map((g) => ({ text: g.text, colour: GAP_INK, bold: true, size: style.tickSize })),
  ];
}

const TICK_INK = '#333333';
const GAP_INK = '#b00000';

export async function rasterOverview(view: RaceView, composite: Buffer, plan: ImagePlan, scale: OverviewScale, text: TextCache, style: OverviewStyle): Promise<RasterOverview> {
  const band = plan.bands[0];
  if (!band) throw new Error('empty image plan');
  const rows = view.evidence.composite.height;
  const imageWidth = Math.round((band.end - band.start) * scale.x);
  const imageHeight = Math.round(rows * scale.y);
  const L = style.left;

  const labels = overviewLabels(plan.hairlines, (t) => text.measure(t, true, style.labelSize), imageWidth, 6, style.labelRows);
  const fan = labels.mode === 'fan' ? style.fan : 0;
  const top = labels.rows * style.labelRow + 8 + fan;
  const svg: string[] = [];
  const texts: OverlayOptions[] = [];
  const X = (x: number) => (L + x).toFixed(2);
  // Hairlines snapped to whole pixels so they print in their full colour instead of two anti-aliased half-tones.
  const lineWidth = scale.x >= 3 ? 2 : 1;
  const H = (x: number) => String(lineWidth === 2 ? Math.round(L + x) : Math.floor(L + x) + 0.5);

  for (const g of plan.gaps) {
    const gw = Math.max(4, scale.x);
    svg.push(`<rect x="${(L + g.x - gw / 2).toFixed(2)}" y="${top}" width="${gw}" height="${imageHeight}" fill="#ff0000" fill-opacity="0.35"/>`);
  }
  plan.hairlines.forEach((h, i) => {
    const p = labels.placed[i] as OverviewLabels['placed'][number];
    const t = labels.texts[i] as string;
    const img = text.get({ text: t, colour: h.colour, bold: true, size: style.labelSize });
    const ly = top - 8 - fan - (p.row + 1) * style.labelRow;
    texts.push({ input: img.input, left: Math.round(L + p.left), top: ly + 2 });
    if (labels.mode === 'fan') {
      const cx = L + p.left + img.width / 2;
      svg.push(`<polyline points="${cx.toFixed(2)},${ly + style.labelRow} ${cx.toFixed(2)},${ly + style.labelRow + 2} ${H(h.x)},${top - 4} ${H(h.x)},${top}" fill="none" stroke="${h.colour}" stroke-width="1"/>`);
    } else {
      svg.push(`<line x1="${H(h.x)}" y1="${p.over ? ly + style.labelRow : ly + 2}" x2="${H(h.x)}" y2="${top}" stroke="${h.colour}" stroke-width="1"/>`);
    }
    svg.push(`<line x1="${H(h.x)}" y1="${top}" x2="${H(h.x)}" y2="${top + imageHeight}" stroke="${h.colour}" stroke-width="${lineWidth}"${h.typed ? ' stroke-dasharray="6 4"' : ''}/>`);
  });
  const base = top + imageHeight + 1;
  svg.push(`<line x1="${L}" y1="${base}" x2="${L + imageWidth}" y2="${base}" stroke="#444" stroke-width="1"/>`);
  for (const g of plan.gaps) svg.push(`<line x1="${X(g.x)}" y1="${base + 21}" x2="${X(g.x)}" y2="${base + 25}" stroke="#b00000" stroke-width="1"/>`);
  for (const t of plan.ticks) svg.push(`<line x1="${X(t.x)}" y1="${base}" x2="${X(t.x)}" y2="${base + (t.label ? 7 : 4)}" stroke="#444" stroke-width="1"/>`);

  let image = await cropColumns({ data: composite, width: view.evidence.composite.width, height: rows }, band.start, band.end, plan.rtl);
  if (imageWidth !== band.end - band.start || imageHeight !== rows) {
    // Whole-pixel enlargement repeats pixels; only a crop wider than the room is reduced (and the caption says so).
    const kernel = scale.x >= 1 && scale.y >= 1 ? 'nearest' : 'lanczos3';
    image = await sharp(image).resize(imageWidth, imageHeight, { kernel, fit: 'fill' }).png().toBuffer();
  }

  let lastRight = -Infinity;
  for (const t of [...plan.ticks].sort((a, b) => a.x - b.x)) {
    if (!t.label) continue;
    const img = text.get({ text: t.label, colour: TICK_INK, bold: false, size: style.tickSize });
    const left = Math.round(Math.max(L + t.x - img.width / 2, 0));
    if (left <= lastRight + 4) continue;
    lastRight = left + img.width;
    texts.push({ input: img.input, left, top: base + 9 });
  }
  // Gap labels on their own line under the tick labels: they cover neither the picture nor a hairline.
  let gapRight = -Infinity;
  for (const g of [...plan.gaps].sort((a, b) => a.x - b.x)) {
    const img = text.get({ text: g.text, colour: GAP_INK, bold: true, size: style.tickSize });
    const left = Math.round(Math.max(L + g.x - img.width / 2, 0, gapRight + 6));
    texts.push({ input: img.input, left, top: base + 26 });
    gapRight = left + img.width;
  }
  const width = Math.max(L + imageWidth, lastRight, gapRight);
  return { width, height: base + style.ruler, imageLeft: L, imageTop: top, imageWidth, imageHeight, image: { input: image, left: L, top }, svg, texts };
}
