/**
 * The official result sheet as a PDF: header, the photo-finish image with hairlines, the results, notes,
 * certification and evidence. The same race at the same revision gives the same bytes: every date and id in the
 * file comes from the race (its last recorded change), fonts are embedded, and nothing reads the clock.
 */
import type { RaceView } from '../../api/types.js';
import { cropColumns } from '../crop-image.js';
import type { EvidenceHashes } from '../evidence-files.js';
import { fullRaceTitle, headerRows } from '../sheet/describe.js';
import { planImage, type ImagePlan } from '../sheet/image-plan.js';
import { sheetNotes } from '../sheet/notes.js';
import { ColumnTimes } from '../../domain/time/column-time.js';
import { drawCertification, drawEvidence, drawNotes } from './draw-blocks.js';
import { drawHeader } from './draw-header.js';
import { drawCloseups } from './draw-closeups.js';
import type { PrintedCloseup } from './draw-closeup.js';
import { drawImage, type PrintedImage } from './draw-image.js';
import { drawResultsTable } from './draw-table.js';
import { SheetWriter, type Paper } from './sheet-writer.js';
import { NOT_VERIFIED, notValidLine } from '../sheet/not-verified.js';

export interface ResultSheetInput {
  view: RaceView;
  composite: Buffer;
  hashes: EvidenceHashes;
  paper: Paper;
  software: { name: string; version: string };
}

export interface ResultSheet {
  pdf: Buffer;
  plan: ImagePlan;
  printed: PrintedImage;
  closeups: PrintedCloseup[];
  pageSize: [number, number];
  pages: number;
}

/** Height of the evidence block plus the certification block with its signature lines (certified, provisional). */
const EVIDENCE_AND_SIGNATURES = { certified: 209, provisional: 158 };

/** The instant of the race's last recorded change: the sheet's CreationDate and ModDate. */
export function sheetInstant(view: RaceView): Date {
  const stamps = [
    view.evidence.builtAt,
    view.certified?.at,
    ...view.amendments.map((a) => a.at),
    ...view.marks.map((m) => m.at),
    ...view.deadHeats.map((d) => d.at),
  ].filter((s): s is string => typeof s === 'string' && !Number.isNaN(Date.parse(s)));
  const latest = stamps.reduce((max, s) => Math.max(max, Date.parse(s)), 0);
  // Whole seconds: PDF dates carry no fraction, and pdfkit's file ID hashes the milliseconds too.
  return new Date(Math.floor(latest / 1000) * 1000);
}

export async function renderResultSheet(input: ResultSheetInput): Promise<ResultSheet> {
  const { view, hashes, software } = input;
  const unverified = notValidLine(view) !== null;
  const status = view.certified ? `certified revision ${view.revision}` : unverified ? `${NOT_VERIFIED} revision ${view.revision}` : `PROVISIONAL revision ${view.revision}`;
  const instant = sheetInstant(view);
  const w = new SheetWriter({
    paper: input.paper,
    provisional: !view.certified,
    ...(unverified ? { watermark: NOT_VERIFIED } : {}),
    footer: fullRaceTitle(view),
    info: {
      Title: `Result sheet: ${fullRaceTitle(view)}`,
      Author: view.certified?.official ?? 'Photofinish',
      Subject: `Photo-finish result, ${status}`,
      // Part of what pdfkit hashes into the file ID, so the ID names this race's document and evidence.
      Keywords: `race.json ${hashes.raceJsonSha256}; composite ${hashes.compositeSha256}; audit ${hashes.auditHead}`,
      Creator: `${software.name} ${software.version}`,
      Producer: `${software.name} ${software.version} (PDFKit)`,
      CreationDate: instant,
      ModDate: instant,
    },
  });

  drawHeader(w, view, headerRows(view, software));

  const times = new ColumnTimes(view.timesNs);
  const plan = planImage(view, times, { width: w.contentWidth, maxBands: 6, tickSpacing: 46 });
  const src = { data: input.composite, width: view.evidence.composite.width, height: view.evidence.composite.height };
  // A reduced plan embeds 4 pixels per printed point (beyond any printer's resolution); otherwise every column.
  const bandImages = await Promise.all(plan.bands.map((b) => cropColumns(src, b.start, b.end, plan.rtl, plan.reduced ? Math.ceil(b.width * 4) : undefined)));
  // Keep the heading with the caption, labels and the first band (drawImage's default band height).
  w.heading('Photo-finish image', Math.min(190, Math.max(90, view.evidence.composite.height)) + 70);
  const printed = drawImage(w, plan, bandImages, view.evidence.composite.height, imageCaption(view, plan));
  // The results and their notes come straight after the photo, on page 1 whenever they fit there: they are what
  // the official signs. The enlargements follow, on the same page if there is room, else on the next.
  drawResultsTable(w, view);
  drawNotes(w, sheetNotes(view, plan));
  const closeups = await drawCloseups(w, view, src, times, plan);
  // Evidence and signatures stay on one page: a signature is never left alone on a page without what it vouches for.
  w.ensure(view.certified ? EVIDENCE_AND_SIGNATURES.certified : EVIDENCE_AND_SIGNATURES.provisional);
  drawEvidence(w, hashes);
  drawCertification(w, view);

  const pages = w.doc.bufferedPageRange().count;
  const pdf = await w.finish(status);
  return { pdf, plan, printed, closeups, pageSize: [w.width, w.height], pages };
}

function imageCaption(view: RaceView, plan: ImagePlan): string {
  const cols = plan.end - plan.start;
  const scale = plan.reduced
    ? `reduced to ${plan.unitsPerColumn.toFixed(2)} pt per column`
    : `every column printed (${plan.unitsPerColumn.toFixed(2)} pt per column)`;
  const bands = plan.bands.length > 1 ? ` in ${plan.bands.length} bands, top to bottom` : '';
  const dir = plan.rtl ? 'time runs right to left (display mirrored)' : 'time runs left to right';
  const what = plan.hairlines.length === 0 && plan.offImage.length === 0 ? 'the whole image (no hairline placed)' : `${cols} columns around the finishers`;
  return `Image columns ${plan.start}–${plan.end - 1} of ${view.evidence.columns}, ${what}, ${scale}${bands}; ${dir}; height ${view.evidence.composite.height} px along the finish line.`;
}
