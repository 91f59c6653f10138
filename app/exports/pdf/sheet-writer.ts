/**
 * The page machinery of the result sheet: an A4 or Letter pdfkit document with the embedded fonts, a cursor that
 * moves down the page and starts a new one when a block does not fit, the provisional watermark under every page's
 * content, and page numbers written once the page count is known. Nothing here reads a clock or a random source.
 */
import PDFDocument from 'pdfkit';
import { fontPath } from '../fonts.js';
import type { Face } from '../text/faces.js';
import { drawShapedText, isShaped, shapedLines, shapedWidth, type CurrentFont, type SheetFontName } from './shaped-text.js';

export type Paper = 'A4' | 'Letter';

export const PAPER_SIZE: Record<Paper, [number, number]> = { A4: [595.28, 841.89], Letter: [612, 792] };

export const MARGIN = 36;
/** Room kept at the foot of every page for the footer line. */
const FOOTER_SPACE = 24;

export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#999999';
export const WATERMARK_TEXT = 'PROVISIONAL — NOT CERTIFIED';

export interface SheetWriterOptions {
  paper: Paper;
  provisional: boolean;
  /** The provisional watermark's text (NOT VERIFIED for a race exported unverified). */
  watermark?: string;
  info: PDFKit.DocumentInfo;
  /** Left part of every footer line. */
  footer: string;
}

export class SheetWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly height: number;
  readonly left = MARGIN;
  readonly contentWidth: number;
  y = MARGIN;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  /** The font of the last font() call: text in other scripts is laid out around it (shaped-text.ts). */
  private current: CurrentFont = { name: 'Sans', size: 10 };
  private readonly faces = new Set<Face>();

  constructor(private readonly opts: SheetWriterOptions) {
    const [w, h] = PAPER_SIZE[opts.paper];
    this.width = w;
    this.height = h;
    this.contentWidth = w - 2 * MARGIN;
    this.doc = new PDFDocument({
      size: [w, h],
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      autoFirstPage: false,
      compress: true,
      info: opts.info,
      lang: 'en',
      displayTitle: true,
    });
    this.doc.registerFont('Sans', fontPath('sans'));
    this.doc.registerFont('Sans-Bold', fontPath('sansBold'));
    this.doc.registerFont('Mono', fontPath('mono'));
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.newPage();
  }

  get bottom(): number {
    return this.height - MARGIN - FOOTER_SPACE;
  }

  get pageIndex(): number {
    const r = this.doc.bufferedPageRange();
    return r.start + r.count - 1;
  }

  newPage(): void {
    this.doc.addPage({ size: [this.width, this.height], margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } });
    if (this.opts.provisional) this.watermark();
    this.y = MARGIN;
    if (this.pageIndex > 0) {
      // A loose page must still say which race it belongs to.
      this.font('Sans', 7, MUTED);
      this.textAt(`${this.opts.footer} — result sheet, continued`, this.left, this.y, { width: this.contentWidth, lineBreak: false, ellipsis: true });
      this.y += 14;
    }
  }

  /** Starts a new page unless `h` points still fit on this one. Returns true when it did. */
  ensure(h: number): boolean {
    if (this.y + h <= this.bottom) return false;
    this.newPage();
    return true;
  }

  font(name: SheetFontName, size: number, colour = INK): PDFKit.PDFDocument {
    this.current = { name, size };
    return this.doc.font(name).fontSize(size).fillColor(colour);
  }

  /** Text at an absolute place that never triggers pdfkit's own page breaks. */
  textAt(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
    if (isShaped(text, this.current)) {
      const o = { lineBreak: options.width !== undefined, ...options };
      drawShapedText(this.doc, text, x, y, this.current, o, this.doc.currentLineHeight(true), this.faces);
      return;
    }
    this.doc.text(text, x, y, { lineBreak: options.width !== undefined, ...options, height: options.height ?? 10_000 });
  }

  heightOf(text: string, width: number): number {
    if (isShaped(text, this.current)) return shapedLines(text, this.current, { width }).length * this.doc.currentLineHeight(true);
    return this.doc.heightOfString(text, { width });
  }

  /** Width of one line of `text` in the current font. */
  widthOf(text: string): number {
    return isShaped(text, this.current) ? shapedWidth(text, this.current) : this.doc.widthOfString(text);
  }

  /** A section heading with a rule under it; keeps `keepWith` points of what follows on the same page. */
  heading(text: string, keepWith = 60): void {
    this.ensure(16 + keepWith);
    this.font('Sans-Bold', 10);
    this.textAt(text, this.left, this.y);
    this.y += 12.5;
    this.doc.moveTo(this.left, this.y).lineTo(this.left + this.contentWidth, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.y += 4;
  }

  /** Large diagonal text under the page's content, light enough to read the results through it. */
  private watermark(): void {
    const d = this.doc;
    d.save();
    const angle = (-Math.atan2(this.height, this.width) * 180) / Math.PI;
    d.rotate(angle, { origin: [this.width / 2, this.height / 2] });
    d.font('Sans-Bold').fontSize(46).fillColor('#cc0000').fillOpacity(0.13);
    const text = this.opts.watermark ?? WATERMARK_TEXT;
    const w = d.widthOfString(text);
    d.text(text, this.width / 2 - w / 2, this.height / 2 - 23, { lineBreak: false });
    d.restore();
    d.fillOpacity(1);
  }

  /** Writes the footer (with "page i of n") on every page and returns the finished file. */
  async finish(rightNote: string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const y = this.height - MARGIN - 12;
      this.doc.moveTo(this.left, y - 4).lineTo(this.left + this.contentWidth, y - 4).lineWidth(0.4).strokeColor(RULE).stroke();
      this.font('Sans', 7, MUTED);
      const page = `Page ${i - range.start + 1} of ${range.count}`;
      const pw = this.doc.widthOfString(page);
      // pdfkit would add a page for text below the bottom margin; lift the margin while writing the footer.
      const margins = this.doc.page.margins;
      this.doc.page.margins = { ...margins, bottom: 0 };
      this.textAt(this.opts.footer, this.left, y, { width: this.contentWidth - pw - 150, lineBreak: false, ellipsis: true });
      this.textAt(rightNote, this.left + this.contentWidth - pw - 145, y, { width: 135, lineBreak: false, align: 'right' });
      this.textAt(page, this.left + this.contentWidth - pw, y, { lineBreak: false });
      this.doc.page.margins = margins;
    }
    this.doc.end();
    return this.done;
  }
}
