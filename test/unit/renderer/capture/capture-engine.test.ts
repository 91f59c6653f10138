/**
 * The capture engine's logic with its two outer edges replaced: the frame workers (a pool that answers when the
 * test says) and the service (an API that records calls). Real domain pieces: camera clock, motion trigger,
 * pre-trigger buffer, band motion, sender.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CaptureStopped } from '../../../../app/domain/capture/capture-results.js';
import { CaptureEngine, type CaptureView, type FramePool, type PoolListener } from '../../../../renderer/src/capture/capture-engine.js';

const T0 = 10_000_000; // µs on the camera clock
const DT = 20_000; // 50 frames/s

interface Fake {
  engine: CaptureEngine;
  pool: { jobs: { index: number; us: number }[]; refuse: boolean; listener: PoolListener; answer(index: number, moving: boolean): void; inFlight: number };
  calls: { written: { seq: number; captureUs: number }[]; marks: unknown[]; started: number; stopped: number; markGate: Promise<void> | null; log: string[] };
  view: { columns: number[]; gaps: [number, string][]; marks: number[]; resets: number };
  stoppedWith: (CaptureStopped | { error: unknown })[];
  frame(us: number): { close: ReturnType<typeof vi.fn> };
  settle(): Promise<void>;
}

function setup(): Fake {
  const calls: Fake['calls'] = { written: [], marks: [], started: 0, stopped: 0, markGate: null, log: [] };
  const view: Fake['view'] = { columns: [], gaps: [], marks: [], resets: 0 };
  const stoppedWith: Fake['stoppedWith'] = [];
  const pool: Fake['pool'] = {
    jobs: [],
    refuse: false,
    listener: null as unknown as PoolListener,
    inFlight: 0,
    answer(index, moving) {
      this.listener.lines(index, new Uint8Array([index]), new Uint8Array(64).fill(moving ? (index % 2 ? 250 : 10) : 100));
      this.listener.encoded(index, new ArrayBuffer(8));
      this.inFlight--;
      this.listener.settled();
    },
  };
  let next = 0;
  const framePool = (listener: PoolListener): FramePool => {
    pool.listener = listener;
    return {
      submit(frame) {
        if (pool.refuse) return null;
        pool.jobs.push({ index: next, us: frame.timestamp });
        pool.inFlight++;
        return next++;
      },
      get inFlight() {
        return pool.inFlight;
      },
      close() {},
    };
  };
  const captureView: CaptureView = {
    reset: () => view.resets++,
    column: (c) => view.columns.push(c[0] as number),
    gap: (frames, cause) => view.gaps.push([frames, cause]),
    mark: (us) => view.marks.push(us),
  };
  const engine = new CaptureEngine({
    api: {
      startCapture: async () => {
        calls.started++;
        return { captureId: 'cap', folder: '/r-frames' };
      },
      writeCaptureFrame: async ({ seq, captureUs }) => {
        calls.written.push({ seq, captureUs });
        return { accepted: true, written: calls.written.length, queued: 0, droppedBusy: 0 };
      },
      markCapture: async ({ marker }) => {
        if (calls.markGate) await calls.markGate;
        calls.marks.push(marker);
        calls.log.push('mark');
      },
      stopCapture: async () => {
        calls.stopped++;
        calls.log.push('stop');
        return { folder: '/r-frames', jobId: 'job', summary: { frames: calls.written.length, gaps: 0, missing: 0, droppedBusy: 0, bytes: 0, durationNs: '0' } };
      },
    },
    makePool: (_line, listener) => framePool(listener),
    line: { kind: 'column', x: 3 },
    plan: () => ({ plan: { out: '/r', name: 'r', sport: 'motorsport', line: { kind: 'column', x: 3 }, travel: 'right-to-left' }, camera: { label: 'c', width: 8, height: 8, frameRate: 50 } }),
    view: captureView,
    onChange: () => undefined,
    onStopped: (r) => stoppedWith.push(r),
  });
  return {
    engine,
    pool,
    calls,
    view,
    stoppedWith,
    frame(us) {
      const f = { timestamp: us, close: vi.fn() };
      engine.frame(f);
      return f;
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

/** Frames 20 ms apart with the band moving from frame 150 to 174, each answered as it comes, then time to settle. */
async function runArmed(f: Fake, frames: number): Promise<void> {
  for (let i = 0; i < frames; i++) {
    f.frame(T0 + i * DT);
    const job = f.pool.jobs.at(-1);
    if (job && job.us === T0 + i * DT) f.pool.answer(job.index, i >= 150 && i < 175);
    await f.settle();
  }
  for (let k = 0; k < 5; k++) await f.settle();
}

describe('capture engine', () => {
  it('idle: measures the rate from the camera clock and hands no frame to the workers', () => {
    const f = setup();
    const closes = Array.from({ length: 20 }, (_, i) => f.frame(T0 + i * DT).close);
    expect(closes.every((c) => c.mock.calls.length === 1)).toBe(true);
    expect(f.pool.jobs).toEqual([]);
    expect(f.engine.status()).toMatchObject({ mode: 'idle', recorded: 0 });
    expect(f.engine.status().rate).toBeCloseTo(50, 6);
  });

  it('armed: starts on movement in the band and writes the 2 s before it first, in order', async () => {
    const f = setup();
    f.engine.arm();
    for (let i = 0; i < 260; i++) {
      f.frame(T0 + i * DT);
      const job = f.pool.jobs.at(-1)!;
      f.pool.answer(job.index, i >= 150 && i < 175);
      // Frames come 20 ms apart: the service's answers get in between.
      await f.settle();
    }
    await f.settle();
    await f.settle();
    // The trigger: movement from frame 150 (seen at 151, the second moving frame); kept from 2 s before: frame 50.
    expect(f.calls.started).toBe(1);
    const us = f.calls.written.map((w) => w.captureUs);
    expect(us[0]).toBe(T0 + 50 * DT);
    expect(us.at(-1)).toBe(T0 + 259 * DT);
    expect(f.calls.written.map((w) => w.seq)).toEqual(us.map((_, i) => i));
    expect(us.every((u, i) => i === 0 || u > (us[i - 1] as number))).toBe(true);
    expect(f.view.columns.length).toBe(us.length);
    expect(f.engine.status().lost).toEqual({ camera: 0, app: 0, writer: 0 });
    expect(f.calls.marks).toEqual([{ kind: 'motion-start', captureUs: T0 + 150 * DT }]);
  });

  it('armed: stops by itself after the quiet time, writes everything up to then, then asks for the build', async () => {
    const f = setup();
    f.engine.arm();
    await runArmed(f, 320);
    const us = f.calls.written.map((w) => w.captureUs);
    expect(us[0]).toBe(T0 + 50 * DT);
    // The band last changes at frame 175 (back to still); 2 s of stillness after it ends the recording at 275.
    expect(us.at(-1)).toBe(T0 + 275 * DT);
    expect(f.calls.marks).toEqual([
      { kind: 'motion-start', captureUs: T0 + 150 * DT },
      { kind: 'motion-stop', captureUs: T0 + 275 * DT },
    ]);
    expect(f.calls.stopped).toBe(1);
    expect(f.stoppedWith).toEqual([expect.objectContaining({ jobId: 'job' })]);
    expect(f.engine.status().mode).toBe('idle');
  });

  it('armed with the official’s own times: 1 s kept before the trigger, stopped 0.5 s after the last movement', async () => {
    const f = setup();
    f.engine.setTrigger({ preTrigger: 1_000_000_000n, stopAfter: 500_000_000n });
    f.engine.arm();
    await runArmed(f, 260);
    const us = f.calls.written.map((w) => w.captureUs);
    // Movement from frame 150: kept from 1 s (50 frames) before; the band still from 175: stopped 0.5 s later, at 200.
    expect(us[0]).toBe(T0 + 100 * DT);
    expect(us.at(-1)).toBe(T0 + 200 * DT);
    expect(f.calls.stopped).toBe(1);
    // Not while armed or recording: the times of a run never change under it.
    f.engine.arm();
    f.engine.setTrigger({ preTrigger: 3_000_000_000n, stopAfter: 3_000_000_000n });
    expect(f.engine.triggerTimes()).toEqual({ preTrigger: 1_000_000_000n, stopAfter: 500_000_000n });
  });

  it('Record/Stop by hand: frames the workers had no room for, and camera gaps, show as gaps at once', async () => {
    const f = setup();
    for (let i = 0; i < 10; i++) f.frame(T0 + i * DT);
    f.engine.record();
    for (let i = 10; i < 40; i++) {
      f.pool.refuse = i === 20 || i === 21;
      if (i === 30) continue; // the camera lost frame 30
      f.frame(T0 + i * DT);
      if (!f.pool.refuse) f.pool.answer(f.pool.jobs.at(-1)!.index, false);
      if (i === 25) f.engine.mark();
    }
    expect(f.view.gaps).toEqual([
      [1, 'app'],
      [1, 'app'],
      [1, 'camera'],
    ]);
    expect(f.engine.status().lost).toEqual({ camera: 1, app: 2, writer: 0 });
    expect(f.view.marks).toEqual([T0 + 25 * DT]);
    // A frame still in the workers at Stop is written too; frames after Stop are not taken.
    f.frame(T0 + 40 * DT);
    const last = f.pool.jobs.at(-1)!;
    f.engine.stop();
    f.frame(T0 + 41 * DT);
    f.pool.answer(last.index, false);
    for (let k = 0; k < 5; k++) await f.settle();
    const us = f.calls.written.map((w) => w.captureUs);
    expect(us[0]).toBe(T0 + 10 * DT);
    expect(us.at(-1)).toBe(T0 + 40 * DT);
    expect(us).toHaveLength(31 - 3);
    expect(f.calls.marks).toEqual([{ kind: 'manual', captureUs: T0 + 25 * DT }]);
    expect(f.calls.stopped).toBe(1);
  });

  it('Stop waits for an F mark still on its way to the service: the build then reads a record that has it', async () => {
    const f = setup();
    for (let i = 0; i < 5; i++) f.frame(T0 + i * DT);
    f.engine.record();
    for (let i = 5; i < 15; i++) {
      f.frame(T0 + i * DT);
      f.pool.answer(f.pool.jobs.at(-1)!.index, false);
    }
    await f.settle();
    let release = () => undefined as void;
    f.calls.markGate = new Promise<void>((resolve) => (release = resolve));
    f.engine.mark();
    f.engine.stop();
    for (let k = 0; k < 5; k++) await f.settle();
    // Over HTTP the two calls may be served in any order: Stop is not sent while the mark is unanswered.
    expect(f.calls.stopped).toBe(0);
    release();
    for (let k = 0; k < 5; k++) await f.settle();
    expect(f.calls.log).toEqual(['mark', 'stop']);
    expect(f.stoppedWith).toHaveLength(1);
  });
});
