/** Repaints are batched into animation frames, per layer. */
import { describe, expect, it } from 'vitest';
import { FrameScheduler, type FrameClock } from '../../../../renderer/src/viewer/frame-scheduler.js';

function fakeClock(): FrameClock & { tick(): void; pending: number } {
  let next: (() => void) | null = null;
  return {
    get pending() {
      return next ? 1 : 0;
    },
    request(cb) {
      next = cb;
      return 1;
    },
    cancel() {
      next = null;
    },
    now: () => 0,
    tick() {
      const cb = next;
      next = null;
      cb?.();
    },
  };
}

describe('frame scheduler', () => {
  it('paints once per frame however many changes came before it, only the layers that changed', () => {
    const clock = fakeClock();
    const painted: { static: boolean; interactive: boolean }[] = [];
    const frames = new FrameScheduler((layers) => painted.push(layers), clock);
    frames.invalidate();
    clock.tick();
    frames.pointerMoved(1);
    frames.pointerMoved(2);
    frames.invalidate('interactive');
    expect(clock.pending).toBe(1);
    clock.tick();
    frames.invalidate('static');
    clock.tick();
    expect(painted).toEqual([
      { static: true, interactive: true },
      { static: false, interactive: true },
      { static: true, interactive: false },
    ]);
  });

  it('paints nothing after it is disposed', () => {
    const clock = fakeClock();
    let paints = 0;
    const frames = new FrameScheduler(() => paints++, clock);
    frames.invalidate();
    frames.dispose();
    clock.tick();
    expect(paints).toBe(0);
  });
});
