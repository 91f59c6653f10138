/** Pointer and wheel events become intents: hover, drag, pan, zoom about the pointer, place a mark. */
import { describe, expect, it } from 'vitest';
import { attachPointerInput, wheelIntent, type ViewerIntent } from '../../../../renderer/src/viewer/pointer-input.js';

/** A stand-in for the overlay canvas: a plain EventTarget that accepts pointer capture. */
function fakeOverlay() {
  const el = Object.assign(new EventTarget(), { setPointerCapture: () => undefined }) as unknown as HTMLElement;
  const fire = (type: string, props: Record<string, number>) => {
    const fields = { pointerId: 1, button: 0, offsetY: 50, timeStamp: 7, ...props };
    const event = new Event(type, { cancelable: true });
    for (const [k, value] of Object.entries(fields)) Object.defineProperty(event, k, { value });
    el.dispatchEvent(event);
  };
  const intents: ViewerIntent[] = [];
  const detach = attachPointerInput(el, (y) => y <= 100, (i) => intents.push(i));
  return { fire, intents, detach };
}

describe('pointer input', () => {
  it('places a mark on a click, and not after a drag', () => {
    const o = fakeOverlay();
    o.fire('pointerdown', { offsetX: 200 });
    o.fire('pointermove', { offsetX: 202 });
    o.fire('pointerup', { offsetX: 202 });
    expect(o.intents).toEqual([{ kind: 'hover', x: 202, at: 7 }, { kind: 'place', x: 202 }]);

    o.intents.length = 0;
    o.fire('pointerdown', { offsetX: 200 });
    o.fire('pointermove', { offsetX: 190 });
    o.fire('pointermove', { offsetX: 185 });
    o.fire('pointerup', { offsetX: 185 });
    // The picture follows the pointer: dragging left by 10 then 5 px pans right by as much.
    expect(o.intents).toEqual([
      { kind: 'drag', dx: 10 },
      { kind: 'hover', x: 190, at: 7 },
      { kind: 'drag', dx: 5 },
      { kind: 'hover', x: 185, at: 7 },
    ]);
  });

  it('keeps the hairline over the ruler, lets it go when the pointer leaves, and stops listening when detached', () => {
    const o = fakeOverlay();
    o.fire('pointermove', { offsetX: 300, offsetY: 120 });
    o.fire('pointerup', { offsetX: 300, offsetY: 120 });
    o.fire('pointerleave', {});
    o.detach();
    o.fire('pointermove', { offsetX: 10 });
    expect(o.intents).toEqual([{ kind: 'hover-ruler', at: 7 }, { kind: 'leave' }]);
  });

  it('zooms with the wheel about the pointer, and pans sideways or with Shift', () => {
    const wheel = { deltaX: 0, deltaY: -300, deltaMode: 0, shiftKey: false, offsetX: 120 };
    expect(wheelIntent(wheel)).toEqual({ kind: 'zoom', x: 120, factor: Math.E });
    // A wheel that counts in lines: 3 lines of 33 px.
    expect(wheelIntent({ ...wheel, deltaY: 3, deltaMode: 1 })).toEqual({ kind: 'zoom', x: 120, factor: Math.exp(-99 / 300) });
    expect(wheelIntent({ ...wheel, deltaY: 40, shiftKey: true })).toEqual({ kind: 'pan', dx: 40 });
    expect(wheelIntent({ ...wheel, deltaX: -25, deltaY: 5 })).toEqual({ kind: 'pan', dx: -25 });
  });
});
