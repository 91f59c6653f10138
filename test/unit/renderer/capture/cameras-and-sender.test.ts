/**
 * The camera picker's modes (from the capability ranges a browser reports) and the frame sender's bounds: in order,
 * at most so many calls in flight, a full outbox drops and counts instead of growing, the first error stops it.
 */
import { describe, expect, it } from 'vitest';
import { modeLabel, modesWithin } from '../../../../renderer/src/capture/cameras.js';
import { FrameSender } from '../../../../renderer/src/capture/frame-sender.js';

describe('camera modes', () => {
  it('offers the usual sizes and rates inside the ranges, the highest rate first (the default)', () => {
    const modes = modesWithin({ width: { max: 1280 }, height: { max: 720 }, frameRate: { max: 60 } });
    expect(modes[0]).toEqual({ width: 1280, height: 720, frameRate: 60 });
    expect(modes.every((m) => m.width <= 1280 && m.height <= 720 && m.frameRate <= 60)).toBe(true);
    expect(modes.map(modeLabel)).toContain('640×480 at 30 frames/s');
    expect(new Set(modes.map(modeLabel)).size).toBe(modes.length);
  });

  it('keeps a camera’s own odd maximum (a 1600×1200 sensor at 90 frames/s)', () => {
    const modes = modesWithin({ width: { max: 1600 }, height: { max: 1200 }, frameRate: { max: 90.5 } });
    expect(modes[0]).toEqual({ width: 1600, height: 1200, frameRate: 90 });
  });
});

describe('frame sender', () => {
  function fakeApi() {
    const calls: { seq: number; resolve(): void }[] = [];
    return {
      calls,
      api: {
        writeCaptureFrame: ({ seq }: { seq: number }) =>
          new Promise<{ accepted: boolean; written: number; queued: number; droppedBusy: number }>((resolve) =>
            calls.push({ seq, resolve: () => resolve({ accepted: true, written: 0, queued: 0, droppedBusy: 0 }) }),
          ),
      },
    };
  }

  it('waits for the recording to open, then sends in order with at most four calls in flight', async () => {
    const f = fakeApi();
    const dropped: number[] = [];
    const sender = new FrameSender(f.api as never, (us) => dropped.push(us));
    for (let i = 0; i < 6; i++) sender.send(i * 10, new ArrayBuffer(10));
    expect(f.calls).toHaveLength(0);
    sender.start('cap');
    expect(f.calls.map((c) => c.seq)).toEqual([0, 1, 2, 3]);
    f.calls[0]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(f.calls.map((c) => c.seq)).toEqual([0, 1, 2, 3, 4]);
    for (const c of f.calls.slice(1)) c.resolve();
    await new Promise((r) => setTimeout(r, 0));
    f.calls[5]!.resolve();
    await sender.drained();
    expect(sender.counts()).toEqual({ written: 6, dropped: 0, pending: 0 });
    expect(dropped).toEqual([]);
  });

  it('drops (and counts) what finds the outbox full, and stops at the first error', async () => {
    const dropped: number[] = [];
    const sender = new FrameSender({ writeCaptureFrame: () => Promise.reject(new Error('disk full')) } as never, (us) => dropped.push(us), {
      maxInFlight: 1,
      maxOutboxFrames: 2,
      maxOutboxBytes: 1000,
    });
    for (let i = 0; i < 4; i++) sender.send(i, new ArrayBuffer(10));
    expect(dropped).toEqual([2, 3]);
    sender.send(9, new ArrayBuffer(2000));
    expect(dropped).toEqual([2, 3, 9]);
    sender.start('cap');
    await sender.drained();
    expect((sender.failure as Error).message).toBe('disk full');
    sender.send(10, new ArrayBuffer(10));
    expect(sender.counts().pending).toBeLessThanOrEqual(1);
  });
});
