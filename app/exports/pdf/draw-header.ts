/** The top of the sheet: event, race, the certification status at a glance, and the header fields. */
import type { RaceView } from '../../api/types.js';
import { raceSubtitle, raceTitle } from '../sheet/describe.js';
import { MUTED, type SheetWriter } from './sheet-writer.js';
import { NOT_VERIFIED, notValidLine } from '../sheet/not-verified.js';

const LABEL_WIDTH = 74;

export function drawHeader(w: SheetWriter, view: RaceView, rows: [string, string][]): void {
  const d = w.doc;
  const notValid = notValidLine(view);
  const status = view.certified ? `CERTIFIED · revision ${view.revision}` : notValid ? `${NOT_VERIFIED} · revision ${view.revision}` : `PROVISIONAL · revision ${view.revision}`;
  const colour = view.certified ? '#1a7f37' : '#cc0000';
  w.font('Sans-Bold', 9, colour);
  const sw = d.widthOfString(status) + 14;
  d.roundedRect(w.left + w.contentWidth - sw, w.y, sw, 18, 3).lineWidth(1).strokeColor(colour).stroke();
  w.textAt(status, w.left + w.contentWidth - sw + 7, w.y + 4.5, { lineBreak: false });

  w.font('Sans', 7.5, MUTED);
  w.textAt('PHOTO-FINISH RESULT SHEET', w.left, w.y, { lineBreak: false });
  w.y += 10;
  const title = raceTitle(view);
  const titleWidth = w.contentWidth - sw - 10;
  // The event line reads as one line where it can ("…, heat 3, wind +1.2 m/s" never split before "m/s").
  let size = 16;
  w.font('Sans-Bold', size);
  while (size > 12 && w.widthOf(title) > titleWidth) w.font('Sans-Bold', --size);
  w.textAt(title, w.left, w.y, { width: titleWidth });
  w.y += w.heightOf(title, titleWidth) + 1;
  const sub = raceSubtitle(view);
  if (sub) {
    w.font('Sans', 10.5);
    w.textAt(sub, w.left, w.y, { width: titleWidth });
    w.y += w.heightOf(sub, titleWidth) + 2;
  }
  if (notValid) {
    w.font('Sans-Bold', 9, '#cc0000');
    w.textAt(notValid, w.left, w.y, { width: titleWidth });
    w.y += w.heightOf(notValid, titleWidth) + 2;
  }
  w.y += 6;

  const valueWidth = w.contentWidth - LABEL_WIDTH;
  for (const [label, value] of rows) {
    w.font('Sans', 7.5);
    const h = w.heightOf(value, valueWidth);
    w.ensure(h + 2);
    w.font('Sans-Bold', 7.5, MUTED);
    w.textAt(label, w.left, w.y, { width: LABEL_WIDTH - 6, lineBreak: false });
    w.font('Sans', 7.5);
    w.textAt(value, w.left + LABEL_WIDTH, w.y, { width: valueWidth });
    w.y += h + 1.5;
  }
  w.y += 8;
}
