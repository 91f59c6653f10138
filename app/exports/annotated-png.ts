/**
 * The annotated PNG: the crop around the finishers with every composite pixel (enlarged by whole pixels only,
 * never resampled), the hairlines with their place labels, dropped-frame gaps and the time ruler (the raster
 * overview), and a caption naming the race, its status and the evidence.
 */
import { NOT_VERIFIED, notValidLine } from './sheet/not-verified.js';
import sharp, { type OverlayOptions } from 'sharp';
import type { RaceView } from '../api/types.js';
import type { EvidenceHashes } from './evidence-files.js';
import { rasterOverview, overviewTexts } from './raster/overview.js';
import { TextCache } from './raster/text.js';
import { fullRaceTitle } from './sheet/describe.js';
import { planImage, type ImagePlan } from './sheet/image-plan.js';
import { ColumnTimes } from '../domain/time/column-time.js';

const MARGIN = 24;
/** Small crops are enlarged by a whole factor so labels fit; wide ones stay one pixel per column. */
const TARGET_WIDTH = 1400;
const TARGET_HEIGHT = 360;

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
  const scaleX = plan.unitsPerColumn;
  const scaleY = Math.max(1, Math.min(scaleX, Math.floor(TARGET_HEIGHT / rows)));

  const style = { left: MARGIN, labelRow: 18, labelRows: 3, fan: 14, ruler: 50, labelSize: 12, tickSize: 10 };
  const captionLines = [
    { text: `${fullRaceTitle(view)} · revision ${view.revision} · ${view.certified ? `certified by ${view.certified.official}` : notValidLine(view) ? `${NOT_VERIFIED}: ${notValidLine(view)}` : 'PROVISIONAL — NOT CERTIFIED'}`, colour: view.certified ? '#222222' : '#b00000', bold: true, size: 12 },
    { text: `Image columns ${plan.start}–${plan.end - 1} of ${view.evidence.columns}, ${scaleX}×${scaleY} px per composite pixel (not resampled) · composite SHA-256 ${hashes.compositeSha256}`, colour: '#222222', bold: false, size: 10 },
  ];
  const text = new TextCache();
  await text.prepare([...overviewTexts(plan, style), ...captionLines]);
  const ov = await rasterOverview(view, composite, plan, { x: scaleX, y: scaleY }, text, style);

  const caption = captionLines.map((c) => text.get(c));
  const top = MARGIN;
  const width = Math.max(ov.width + MARGIN, ...caption.map((c) => c.width + 2 * MARGIN));
  const captionTop = top + ov.height;
  const height = captionTop + caption.reduce((s, c) => s + c.height + 4, 0) + MARGIN / 2;
  const shift = (o: OverlayOptions) => ({ ...o, top: (o.top ?? 0) + top });
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g transform="translate(0 ${top})">${ov.svg.join('')}</g></svg>`);
  const layers: OverlayOptions[] = [shift(ov.image), { input: overlay, left: 0, top: 0 }, ...ov.texts.map(shift)];
  let y = captionTop;
  for (const c of caption) {
    layers.push({ input: c.input, left: MARGIN, top: Math.round(y) });
    y += c.height + 4;
  }
  const png = await sharp({ create: { width: Math.ceil(width), height: Math.ceil(height), channels: 3, background: '#ffffff' } })
    .composite(layers)
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, plan, scaleX, scaleY, imageLeft: MARGIN, imageTop: top + ov.imageTop };
}
