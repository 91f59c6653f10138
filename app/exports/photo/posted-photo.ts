/**
 * The picture to post: 2048 pixels wide, JPEG. A title band (race, status), the photo-finish image around the
 * finishers with place labels on the hairlines, an enlargement (the decisive finish, or the first close one where
 * the race is won by too much to enlarge) in true proportions (every pixel a whole block, never resampled) beside
 * the top places, and a caption band saying who won, by how much, and whether and by whom the result is
 * certified. The caption and result also go into the file's XMP, IPTC-IIM and EXIF.
 * Nothing reads a clock: the same race at the same revision gives the same bytes.
 */
import { NOT_VERIFIED, notValidLine } from '../sheet/not-verified.js';
import sharp, { type OverlayOptions } from 'sharp';
import type { RaceView } from '../../api/types.js';
import { closeupX, fitCloseup } from '../../domain/closeup/closeup-plan.js';
import { closeupScene, MARGIN_INK } from '../../domain/closeup/closeup-scene.js';
import { CLOSE_COLUMNS, findCloseups, type Closeup } from '../closeups.js';
import { cropRegion } from '../crop-image.js';
import type { EvidenceHashes } from '../evidence-files.js';
import { sheetInstant } from '../pdf/result-sheet.js';
import { overviewTexts, rasterOverview } from '../raster/overview.js';
import { paintCloseup } from '../raster/paint-closeup.js';
import { renderFittedText, renderText, TextCache, type TextImage } from '../raster/text.js';
import { raceSubtitle } from '../sheet/describe.js';
import { planImage } from '../sheet/image-plan.js';
import { ColumnTimes } from '../../domain/time/column-time.js';
import { photoCaption, type PhotoCaption } from './photo-caption.js';
import { app13Segment, iimBlock, insertSegment } from './iptc-iim.js';
import { exifTags, iimDataSets, photoFields, xmpPacket, type PhotoField } from './photo-metadata.js';

export const PHOTO_WIDTH = 2048;
const M = 40;
const OVERVIEW_HEIGHT = 520;
const INSET = { width: 1120, height: 620 };
const LABEL = 26;
const ROW = 36;
const DARK = '#141414';

export interface PostedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  caption: PhotoCaption;
  fields: PhotoField[];
}


export async function renderPostedPhoto(view: RaceView, composite: Buffer, hashes: EvidenceHashes, software: { name: string; version: string }): Promise<PostedPhoto> {
  const caption = photoCaption(view, software);
  const times = new ColumnTimes(view.timesNs);
  const rows = view.evidence.composite.height;
  const room = PHOTO_WIDTH - 2 * M;
  const plan = planImage(view, times, { width: 0, maxBands: 1, tickSpacing: 140, unitsPerColumn: (cols) => (cols <= room ? Math.floor(room / cols) : room / cols) });
  const sx = plan.unitsPerColumn;
  const fitY = Math.min(sx, OVERVIEW_HEIGHT / rows);
  const sy = fitY >= 1 ? Math.floor(fitY) : fitY;
  const overviewStyle = { left: M + Math.floor((room - (plan.end - plan.start) * sx) / 2), labelRow: 34, labelRows: 3, fan: 22, ruler: 56, labelSize: LABEL, tickSize: 20 };

  const { closeups } = await findCloseups(view, composite, times, CLOSE_COLUMNS);
  // The decisive finish where it makes an enlargement, else the first close finish behind it.
  const enlarged = closeups[0];
  const text = new TextCache();
  await text.prepare([
    ...overviewTexts(plan, overviewStyle),
    ...(enlarged ? enlarged.subjects.flatMap((s) => [{ text: s.tag, colour: s.colour, bold: true, size: LABEL }, { text: s.margin, colour: MARGIN_INK, bold: false, size: LABEL }]) : []),
  ]);
  const ov = await rasterOverview(view, composite, plan, { x: sx, y: sy }, text, overviewStyle);

  const title = await titleBand(view, caption);
  // Pictures first, then the lines over them (one SVG), then the texts over everything.
  const svg: string[] = [];
  const images: OverlayOptions[] = [{ input: title.input, left: 0, top: 0 }];
  const layers: OverlayOptions[] = [];
  let y = title.height + 24;
  images.push({ ...ov.image, top: (ov.image.top ?? 0) + y });
  svg.push(`<g transform="translate(0 ${y})">${ov.svg.join('')}</g>`);
  layers.push(...ov.texts.map((t) => ({ ...t, top: (t.top ?? 0) + y })));
  y += ov.height + 16;

  const panelTop = y;
  let panelBottom = y;
  let scaleNote = '';
  if (enlarged) {
    const inset = await closeupInset(enlarged, composite, view, text);
    images.push({ input: inset.image, left: M + inset.imageLeft, top: panelTop + inset.imageTop });
    svg.push(`<rect x="${M + inset.imageLeft - 0.5}" y="${panelTop + inset.imageTop - 0.5}" width="${inset.width + 1}" height="${inset.height + 1}" fill="none" stroke="#888" stroke-width="1"/>`);
    const painted = paintCloseup(inset.scene, M + inset.imageLeft, panelTop + inset.imageTop, ROW, text, LABEL);
    svg.push(...painted.svg);
    layers.push(...painted.texts);
    panelBottom = panelTop + inset.blockHeight;
    const k = enlarged.crop.columnRepeat;
    scaleNote = `Enlargement: ${enlarged.columnTime}, ${k > 1 ? `stretched ${k}× across, not in true proportions (few columns over these bodies), ` : ''}each pixel a ${inset.unitsPerColumn}×${inset.unitsPerRow} px block, never resampled`;
  }
  const podium = await podiumPanel(caption, enlarged ? PHOTO_WIDTH - M - (M + INSET.width + 120) : room);
  const podiumLeft = enlarged ? M + INSET.width + 120 : M;
  layers.push({ input: podium.input, left: podiumLeft, top: panelTop + 10 });
  panelBottom = Math.max(panelBottom, panelTop + 10 + podium.height) + 24;

  const band = await captionBand(view, caption, hashes, software, scaleNote);
  images.push({ input: band.input, left: 0, top: panelBottom });
  const height = panelBottom + band.height;
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${height}">${svg.join('')}</svg>`);

  const instant = sheetInstant(view).toISOString().replace('.000Z', 'Z');
  const creator = view.certified?.official ?? software.name;
  const tool = `${software.name} ${software.version}`;
  const encoded = await sharp({ create: { width: PHOTO_WIDTH, height, channels: 3, background: '#ffffff' } })
    .composite([...images, { input: overlay, left: 0, top: 0 }, ...layers])
    .removeAlpha()
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .withDensity(72)
    .withExif({ IFD0: exifTags(caption, creator, tool, instant) })
    .withXmp(xmpPacket(caption, creator, tool, instant))
    .toBuffer();
  const jpeg = insertSegment(encoded, app13Segment(iimBlock(iimDataSets(caption, creator, software))));
  return { jpeg, width: PHOTO_WIDTH, height, caption, fields: photoFields(caption, creator) };
}

async function closeupInset(c: Closeup, composite: Buffer, view: RaceView, text: TextCache) {
  const slack = 180;
  const scale = fitCloseup(c.crop, { width: INSET.width - 2 * slack, height: INSET.height, wholeUnits: true, maxUnitsPerRow: 24 });
  const rtl = view.direction === 'rtl';
  const subjects = c.subjects.map((s) => ({ x: closeupX(c.crop, scale, s.column, rtl), tag: s.tag, margin: s.margin, colour: s.colour, typed: s.typed }));
  const scene = closeupScene(subjects, scale, { row: ROW, gap: 8, slack, hairline: 3, measure: (t, bold) => text.measure(t, bold, LABEL) });
  const image = await cropRegion(
    { data: composite, width: view.evidence.composite.width, height: view.evidence.composite.height },
    c.crop,
    rtl,
    scale.unitsPerColumn,
    scale.unitsPerRow,
  );
  const imageLeft = Math.round((INSET.width - scale.width) / 2);
  return {
    image,
    scene,
    imageLeft,
    imageTop: Math.ceil(-scene.bounds.top),
    width: scale.width,
    height: scale.height,
    blockHeight: Math.ceil(scene.bounds.bottom - scene.bounds.top),
    unitsPerColumn: scale.unitsPerColumn,
    unitsPerRow: scale.unitsPerRow,
  };
}

/** Text blocks stacked into one transparent image. */
async function stack(parts: (TextImage & { gap?: number; indent?: number })[], width: number, height?: number, background?: string): Promise<TextImage> {
  const total = height ?? parts.reduce((s, p) => s + p.height + (p.gap ?? 0), 0);
  let y = 0;
  const layers: OverlayOptions[] = [];
  for (const p of parts) {
    layers.push({ input: p.input, left: p.indent ?? 0, top: Math.round(y) });
    y += p.height + (p.gap ?? 0);
  }
  const input = await sharp({ create: { width, height: Math.max(1, Math.ceil(total)), channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png()
    .toBuffer();
  return { input, width, height: Math.ceil(total) };
}

async function titleBand(view: RaceView, caption: PhotoCaption): Promise<TextImage> {
  // The title already leads with the meet and names the race: the line under it says only what the title does not.
  const sub = [...raceSubtitle(view).split(' · '), view.event.venue, view.event.date ?? view.meta.date]
    .filter((part): part is string => Boolean(part) && !caption.title.includes(part!))
    .join(' · ');
  const [title, subtitle, badge] = await Promise.all([
    renderText(caption.title, '#ffffff', true, 44, PHOTO_WIDTH - 2 * M - 560),
    renderText(sub || 'Photo finish', '#cfcfcf', false, 26, PHOTO_WIDTH - 2 * M - 560),
    renderText(view.certified ? ' CERTIFIED ' : notValidLine(view) ? ` ${NOT_VERIFIED} ` : ' PROVISIONAL — NOT CERTIFIED ', '#ffffff', true, 30),
  ]);
  const height = 28 + title.height + 10 + subtitle.height + 26;
  const badgeBg = view.certified ? '#1a7f37' : '#c0161b';
  const badgeBox = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${badge.width + 24}" height="${badge.height + 16}"><rect width="100%" height="100%" rx="6" fill="${badgeBg}"/></svg>`);
  const input = await sharp({ create: { width: PHOTO_WIDTH, height, channels: 4, background: DARK } })
    .composite([
      { input: title.input, left: M, top: 28 },
      { input: subtitle.input, left: M, top: 28 + title.height + 10 },
      { input: badgeBox, left: PHOTO_WIDTH - M - badge.width - 24, top: 30 },
      { input: badge.input, left: PHOTO_WIDTH - M - badge.width - 12, top: 38 },
    ])
    .png()
    .toBuffer();
  return { input, width: PHOTO_WIDTH, height };
}

async function podiumPanel(caption: PhotoCaption, width: number): Promise<TextImage> {
  const lines = await Promise.all(
    caption.podium.map(async (p) => {
      const [tag, time, margin] = await Promise.all([renderText(p.tag, '#111111', true, 30), renderText(p.time, '#111111', true, 30), renderText(p.margin, '#555555', false, 26)]);
      return { tag, time, margin };
    }),
  );
  const rowH = 52;
  // Columns: tag, name, time (right-aligned), margin behind the one ahead (right-aligned at the edge).
  const tagW = Math.max(0, ...lines.map((l) => l.tag.width)) + 24;
  const marginW = Math.max(0, ...lines.map((l) => l.margin.width));
  const timeRight = width - 8 - (marginW > 0 ? marginW + 28 : 0);
  const timeW = Math.max(0, ...lines.map((l) => l.time.width));
  // A name longer than its room is cut with "…" (the caption band and the metadata carry it whole).
  const names = await Promise.all(caption.podium.map((p) => renderFittedText(p.name, '#111111', false, 30, Math.max(30, timeRight - timeW - 24 - tagW))));
  const layers: OverlayOptions[] = [];
  lines.forEach((l, i) => {
    const top = i * rowH;
    layers.push({ input: l.tag.input, left: 0, top });
    layers.push({ input: (names[i] as TextImage).input, left: tagW, top });
    if (l.margin.width > 0) layers.push({ input: l.margin.input, left: width - 8 - l.margin.width, top: top + 4 });
    layers.push({ input: l.time.input, left: Math.max(tagW, timeRight - l.time.width), top });
  });
  const height = Math.max(1, lines.length * rowH);
  const input = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png()
    .toBuffer();
  return { input, width, height };
}

async function captionBand(view: RaceView, caption: PhotoCaption, hashes: EvidenceHashes, software: { name: string; version: string }, scaleNote: string): Promise<TextImage> {
  const wrap = PHOTO_WIDTH - 2 * M;
  const evidence = `${software.name} ${software.version} · revision ${view.revision} · composite SHA-256 ${hashes.compositeSha256}${scaleNote ? ` · ${scaleNote}` : ''}`;
  const [headline, status, note] = await Promise.all([
    renderText(caption.headline, '#ffffff', true, 34, wrap),
    renderText(caption.status, view.certified ? '#8fe3a6' : '#ff8a8a', true, 28, wrap),
    renderText(evidence, '#bdbdbd', false, 20, wrap),
  ]);
  const inner = await stack([{ ...headline, gap: 12 }, { ...status, gap: 14 }, note], wrap);
  const height = inner.height + 2 * 28;
  const input = await sharp({ create: { width: PHOTO_WIDTH, height, channels: 4, background: DARK } })
    .composite([{ input: inner.input, left: M, top: 28 }])
    .png()
    .toBuffer();
  return { input, width: PHOTO_WIDTH, height };
}
