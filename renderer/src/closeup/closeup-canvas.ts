/**
 * The Close-up painted on a canvas: the domain's close-up plan (crop, scale in whole screen pixels, labels) and
 * scene, the very shapes the result sheet prints, over the crop's own pixels drawn without smoothing. Imperative,
 * outside React's render.
 */
import type { CloseupView } from '../../../app/api/types.js';
import { closeupX, fitCloseup, type CloseupScale } from '../../../app/domain/closeup/closeup-plan.js';
import { closeupScene, MARGIN_INK, type CloseupScene } from '../../../app/domain/closeup/closeup-scene.js';

export const CLOSEUP_STYLE = { font: 14, row: 22, gap: 6, slack: 150, hairline: 2, background: '#111318', ink: '#e8eaee' } as const;

export interface CloseupLayout {
  scale: CloseupScale;
  scene: CloseupScene;
  /** Canvas size in CSS pixels, and where the image's top-left corner sits on it. */
  width: number;
  height: number;
  imageLeft: number;
  imageTop: number;
}

export const fontOf = (bold: boolean) => `${bold ? '700' : '400'} ${CLOSEUP_STYLE.font}px system-ui, sans-serif`;

export function layoutCloseup(
  c: CloseupView,
  room: { width: number; height: number },
  rtl: boolean,
  colourOf: (competitorId: string) => string,
  measure: (text: string, bold: boolean) => number,
): CloseupLayout {
  const S = CLOSEUP_STYLE;
  // Room for up to three label rows above and below the picture.
  const scale = fitCloseup(c.crop, { width: room.width - 2 * S.slack, height: room.height - 6 * S.row - 2 * S.gap, wholeUnits: true, maxUnitsPerRow: 24 });
  const subjects = c.subjects.map((s) => ({ x: closeupX(c.crop, scale, s.column, rtl), tag: s.tag, margin: s.margin, colour: colourOf(s.competitorId), typed: s.typed }));
  const scene = closeupScene(subjects, scale, { row: S.row, gap: S.gap, slack: S.slack, hairline: S.hairline, measure });
  const imageLeft = Math.round((room.width - scale.width) / 2);
  const imageTop = Math.ceil(-scene.bounds.top) + S.gap;
  return { scale, scene, width: room.width, height: Math.ceil(imageTop + scene.bounds.bottom + S.gap), imageLeft, imageTop };
}

export function paintCloseup(ctx: CanvasRenderingContext2D, layout: CloseupLayout, image: CanvasImageSource): void {
  const S = CLOSEUP_STYLE;
  const { imageLeft: x0, imageTop: y0, scale } = layout;
  ctx.fillStyle = S.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  // Every composite pixel becomes a whole block of screen pixels: nothing interpolated.
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, x0, y0, scale.width, scale.height);
  for (const l of layout.scene.lines) {
    ctx.save();
    ctx.strokeStyle = l.colour === MARGIN_INK ? S.ink : l.colour;
    ctx.lineWidth = l.width;
    if (l.dashed) ctx.setLineDash([8, 5]);
    // Vertical lines on whole pixels (or their middles for odd widths), so a hairline is one crisp colour.
    const snap = (x: number) => (l.x1 === l.x2 ? (l.width % 2 === 0 ? Math.round(x) : Math.floor(x) + 0.5) : x);
    ctx.beginPath();
    ctx.moveTo(snap(x0 + l.x1), y0 + l.y1);
    ctx.lineTo(snap(x0 + l.x2), y0 + l.y2);
    ctx.stroke();
    ctx.restore();
  }
  ctx.textBaseline = 'middle';
  for (const t of layout.scene.texts) {
    ctx.font = fontOf(t.bold);
    ctx.fillStyle = t.colour === MARGIN_INK ? S.ink : t.colour;
    ctx.fillText(t.text, x0 + t.x, y0 + t.y + S.row / 2);
  }
}
