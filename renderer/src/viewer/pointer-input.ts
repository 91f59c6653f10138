/**
 * Turns pointer and wheel events on the overlay into what the official means: move the hairline, drag the picture,
 * zoom about the pointer, pan, or place a mark (a click that did not drag). The engine decides what each does.
 */
export type ViewerIntent =
  /** The hairline follows the pointer; `at` is the event's time stamp. */
  | { kind: 'hover'; x: number; at: number }
  /** The pointer moved over the ruler: the hairline stays where it was. */
  | { kind: 'hover-ruler'; at: number }
  | { kind: 'leave' }
  /** Dragging moves the picture with the pointer (the hover that comes with the move reports the hairline). */
  | { kind: 'drag'; dx: number }
  | { kind: 'pan'; dx: number }
  | { kind: 'zoom'; x: number; factor: number }
  | { kind: 'place'; x: number }
  /** The selected mark's hairline was grabbed, dragged and let go at x: move that mark there. */
  | { kind: 'drop-mark'; x: number };

/** Pixels the pointer may travel between press and release and still count as a click. */
const CLICK_SLOP = 4;

/** Screen pixels of wheel travel per line and per page, for wheels that count in lines or pages. */
const WHEEL_UNIT = { pixel: 1, line: 33, page: 400 } as const;

/** Wheel travel (pixels) that zooms by a factor of e. */
const WHEEL_PER_E = 300;

/** What a wheel event means: sideways (or with Shift) it pans, otherwise it zooms about the pointer. */
export function wheelIntent(e: Pick<WheelEvent, 'deltaX' | 'deltaY' | 'deltaMode' | 'shiftKey' | 'offsetX'>): ViewerIntent {
  const horizontal = Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey;
  if (horizontal) return { kind: 'pan', dx: e.shiftKey ? e.deltaY || e.deltaX : e.deltaX };
  const unit = e.deltaMode === 1 ? WHEEL_UNIT.line : e.deltaMode === 2 ? WHEEL_UNIT.page : WHEEL_UNIT.pixel;
  return { kind: 'zoom', x: e.offsetX, factor: Math.exp((-e.deltaY * unit) / WHEEL_PER_E) };
}

/**
 * Listens on `el` until the returned function is called. `overPicture(y)` tells the picture from the ruler below it:
 * the hairline stays put and nothing is placed while the pointer is over the ruler.
 */
export function attachPointerInput(
  el: HTMLElement,
  overPicture: (y: number) => boolean,
  intent: (i: ViewerIntent) => void,
  grabsMark: (x: number) => boolean = () => false,
): () => void {
  let drag: { startX: number; lastX: number; moved: boolean; pointerId: number; mark: boolean } | null = null;
  const onMove = (e: PointerEvent) => {
    const x = e.offsetX;
    if (drag && e.pointerId === drag.pointerId) {
      if (Math.abs(x - drag.startX) > CLICK_SLOP) drag.moved = true;
      // Dragging a grabbed hairline moves only the hairline (the hover below); the picture stays.
      if (drag.moved && !drag.mark) intent({ kind: 'drag', dx: drag.lastX - x });
      drag.lastX = x;
    }
    intent(overPicture(e.offsetY) ? { kind: 'hover', x, at: e.timeStamp } : { kind: 'hover-ruler', at: e.timeStamp });
  };
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    el.setPointerCapture(e.pointerId);
    drag = { startX: e.offsetX, lastX: e.offsetX, moved: false, pointerId: e.pointerId, mark: overPicture(e.offsetY) && grabsMark(e.offsetX) };
  };
  const onUp = (e: PointerEvent) => {
    const d = drag;
    drag = null;
    if (!d || d.pointerId !== e.pointerId) return;
    if (d.mark && d.moved) intent({ kind: 'drop-mark', x: e.offsetX });
    else if (!d.moved && overPicture(e.offsetY)) intent({ kind: 'place', x: e.offsetX });
  };
  const onLeave = () => {
    if (!drag) intent({ kind: 'leave' });
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    intent(wheelIntent(e));
  };
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  el.addEventListener('pointerleave', onLeave);
  el.addEventListener('wheel', onWheel, { passive: false });
  return () => {
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerdown', onDown);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
    el.removeEventListener('pointerleave', onLeave);
    el.removeEventListener('wheel', onWheel);
  };
}
