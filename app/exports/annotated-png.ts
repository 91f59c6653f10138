/**
 * The annotated PNG: the crop around the finishers with every composite pixel (enlarged by whole pixels only,
 * never resampled), the hairlines, labels, dropped-frame gaps and the time ruler drawn by sharp compositing an SVG
 * overlay. Text is rendered by sharp from the embedded DejaVu font files, so the image does not depend on the fonts
 * installed on the machine that exports it.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { RaceView } from '../api/types.js';
import { cropColumns } from './crop-image.js';
import type { EvidenceHashes } from './evidence-files.js';
import { fontPath } from './fonts.js';
import { fullRaceTitle } from './sheet/describe.js';
import { planImage, type ImagePlan } from './sheet/image-plan.js';
import { rowCount, stackLabels } from './sheet/label-layout.js';
import { ColumnTimes } from '../domain/time/column-time.js';

const MARGIN = 24;
const LABEL_ROW = 18;
const RULER = 50;
/** Small crops are enlarged by a whole factor so labels fit; wide ones stay one pixel per column. */
const TARGET_WIDTH = 1400;
const TARGET_HEIGHT = 360;

interface TextImage {
  input: Buffer;
  width: number;
  height: number;
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function renderText(text: string, colour: string, bold: boolean, size: number): Promise<TextImage> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `DejaVu Sans${bold ? ' Bold' : ''} ${size}`,
      fontfile: fontPath(bold ? 'sansBold' : 'sans'),
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

export interface AnnotatedPng {
  png: Buffer;
  plan: ImagePlan;
  /** Enlargement of each composite pixel (whole pixels). */
  scaleX: number;
  scaleY: number;
  /** Where the image's top-left corner sits in the PNG. */
  imageLeft: number;
  imageTop: number;
}

export async function renderAnnotatedPng(view: RaceView, composite: Buffer, hashes: EvidenceHashes): Promise<AnnotatedPng> {
  const rows = view.evidence.composite.height;
  const times = new ColumnTimes(view.timesNs);
  const plan = planImage(view, times, {
    width: 0,
    maxBands: 1,
    tickSpacing: 80,
    unitsPerColumn: (cols) => Math.max(1, Math.floor(TARGET_WIDTH / cols)),
  });
  const band = plan.bands[0];
  if (!band) throw new Error('empty image plan');
  const scaleX = plan.unitsPerColumn;
  const scaleY = Math.max(1, Math.min(scaleX, Math.floor(TARGET_HEIGHT / rows)));
  const imgW = (band.end - band.start) * scaleX;
  const imgH = rows * scaleY;

  const labels = await Promise.all(plan.hairlines.map((h) => renderText(h.typed ? `${h.label} T` : h.label, h.colour, true, 12)));
  const placed = stackLabels(
    plan.hairlines.map((h, i) => ({ x: h.x, width: (labels[i] as TextImage).width })),
    -MARGIN + 2,
    imgW + MARGIN - 2,
    6,
  );
  const top = MARGIN + rowCount(placed) * LABEL_ROW + 8;
  const captionLines = [
    `${fullRaceTitle(view)} · revision ${view.revision} · ${view.certified ? `certified by ${view.certified.official}` : 'PROVISIONAL — NOT CERTIFIED'}`,
    `Image columns ${plan.start}–${plan.end - 1} of ${view.evidence.columns}, ${scaleX}×${scaleY} px per composite pixel (not resampled) · composite SHA-256 ${hashes.compositeSha256}`,
  ];
  const captions = await Promise.all(captionLines.map((t, i) => renderText(t, i === 0 && !view.certified ? '#b00000' : '#222222', i === 0, i === 0 ? 12 : 10)));
  const width = Math.max(imgW + 2 * MARGIN, ...captions.map((c) => c.width + 2 * MARGIN));
  const captionTop = top + imgH + RULER;
  const height = captionTop + captions.reduce((s, c) => s + c.height + 4, 0) + MARGIN / 2;

  const svg: string[] = [];
  const X = (x: number) => (MARGIN + x).toFixed(2);
  // Hairlines snapped to whole pixels so they print in their full colour instead of two anti-aliased half-tones.
  const lineWidth = scaleX >= 3 ? 2 : 1;
  const H = (x: number) => String(lineWidth === 2 ? Math.round(MARGIN + x) : Math.floor(MARGIN + x) + 0.5);
  for (const g of plan.gaps) {
    const gw = Math.max(4, scaleX);
    svg.push(`<rect x="${(MARGIN + g.x - gw / 2).toFixed(2)}" y="${top}" width="${gw}" height="${imgH}" fill="#ff0000" fill-opacity="0.35"/>`);
  }
  plan.hairlines.forEach((h, i) => {
    const p = placed[i] as { left: number; row: number };
    const ly = top - 8 - (p.row + 1) * LABEL_ROW;
    svg.push(`<line x1="${H(h.x)}" y1="${ly + LABEL_ROW - 2}" x2="${H(h.x)}" y2="${top}" stroke="${h.colour}" stroke-width="1"/>`);
    svg.push(`<line x1="${H(h.x)}" y1="${top}" x2="${H(h.x)}" y2="${top + imgH}" stroke="${h.colour}" stroke-width="${lineWidth}"${h.typed ? ' stroke-dasharray="6 4"' : ''}/>`);
  });
  const base = top + imgH + 1;
  svg.push(`<line x1="${MARGIN}" y1="${base}" x2="${MARGIN + imgW}" y2="${base}" stroke="#444" stroke-width="1"/>`);
  for (const g of plan.gaps) svg.push(`<line x1="${X(g.x)}" y1="${base + 21}" x2="${X(g.x)}" y2="${base + 25}" stroke="#b00000" stroke-width="1"/>`);
  for (const t of plan.ticks) svg.push(`<line x1="${X(t.x)}" y1="${base}" x2="${X(t.x)}" y2="${base + (t.label ? 7 : 4)}" stroke="#444" stroke-width="1"/>`);
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg.join('')}</svg>`);

  let image = await cropColumns({ data: composite, width: view.evidence.composite.width, height: rows }, band.start, band.end, plan.rtl);
  if (scaleX > 1 || scaleY > 1) image = await sharp(image).resize(imgW, imgH, { kernel: 'nearest', fit: 'fill' }).png().toBuffer();

  const layers: OverlayOptions[] = [{ input: image, left: MARGIN, top }, { input: overlay, left: 0, top: 0 }];
  plan.hairlines.forEach((h, i) => {
    const p = placed[i] as { left: number; row: number };
    layers.push({ input: (labels[i] as TextImage).input, left: Math.round(MARGIN + p.left), top: top - 8 - (p.row + 1) * LABEL_ROW + 2 });
  });
  let lastRight = -Infinity;
  for (const t of [...plan.ticks].sort((a, b) => a.x - b.x)) {
    if (!t.label) continue;
    const txt = await renderText(t.label, '#333333', false, 10);
    const left = Math.round(Math.min(Math.max(MARGIN + t.x - txt.width / 2, 0), width - txt.width));
    if (left <= lastRight + 4) continue;
    lastRight = left + txt.width;
    layers.push({ input: txt.input, left, top: base + 9 });
  }
  // Gap labels on their own line under the tick labels: they cover neither the picture nor a hairline.
  let gapRight = -Infinity;
  for (const g of [...plan.gaps].sort((a, b) => a.x - b.x)) {
    const txt = await renderText(g.text, '#b00000', true, 10);
    const left = Math.round(Math.min(Math.max(MARGIN + g.x - txt.width / 2, 0, gapRight + 6), width - txt.width));
    layers.push({ input: txt.input, left, top: base + 26 });
    gapRight = left + txt.width;
  }
  let y = captionTop;
  for (const c of captions) {
    layers.push({ input: c.input, left: MARGIN, top: Math.round(y) });
    y += c.height + 4;
  }

  const png = await sharp({ create: { width: Math.ceil(width), height: Math.ceil(height), channels: 3, background: '#ffffff' } })
    .composite(layers)
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, plan, scaleX, scaleY, imageLeft: MARGIN, imageTop: top };
}
