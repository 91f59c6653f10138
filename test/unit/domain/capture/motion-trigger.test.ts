import { describe, expect, it } from 'vitest';
import { bandLuma, bandMotion, planBand } from '../../../../app/domain/capture/motion-band.js';
import { DEFAULT_TRIGGER, IDLE, stepTrigger, type TriggerAction, type TriggerEvent, type TriggerState } from '../../../../app/domain/capture/motion-trigger.js';
import { PreTriggerBuffer } from '../../../../app/domain/capture/pre-trigger-buffer.js';
import { NS_PER_MS, NS_PER_S } from '../../../../app/domain/time/ticks.js';

const ms = (n: number) => BigInt(n) * NS_PER_MS;

/** Runs events through the machine; returns the actions that were not 'none' with the final state. */
function run(events: TriggerEvent[], start: TriggerState = IDLE): { state: TriggerState; actions: TriggerAction[] } {
  let state = start;
  const actions: TriggerAction[] = [];
  for (const e of events) {
    const step = stepTrigger(state, e);
    state = step.state;
    if (step.action.kind !== 'none') actions.push(step.action);
  }
  return { state, actions };
}

/** 50 frames/s; `moving(t)` says whether the band moves in the frame at t ms. */
function frames(fromMs: number, toMs: number, moving: (t: number) => boolean): TriggerEvent[] {
  const out: TriggerEvent[] = [];
  for (let t = fromMs; t < toMs; t += 20) out.push({ kind: 'frame', time: ms(t), motion: moving(t) ? 0.3 : 0.001 });
  return out;
}

describe('motion trigger', () => {
  it('armed: starts when something enters the band, keeps 2 s before it, stops 2 s after the last movement', () => {
    const { state, actions } = run([{ kind: 'arm' }, ...frames(0, 10_000, (t) => t >= 5_000 && t < 6_000)]);
    expect(actions).toEqual([
      { kind: 'start', at: ms(5_000), keepFrom: ms(3_000), by: 'motion' },
      { kind: 'stop', at: ms(5_980 + 2_000), by: 'motion' },
    ]);
    expect(state).toEqual(IDLE);
  });

  it('a single noisy frame does not start a recording; two in a row do', () => {
    expect(run([{ kind: 'arm' }, ...frames(0, 3_000, (t) => t === 1_000 || t === 2_000)]).actions).toEqual([]);
    expect(run([{ kind: 'arm' }, ...frames(0, 3_000, (t) => t === 1_000 || t === 1_020)]).actions[0]).toMatchObject({ kind: 'start', at: ms(1_000) });
  });

  it('movement during the recording keeps it going', () => {
    const moving = (t: number) => (t >= 1_000 && t < 1_100) || (t >= 2_500 && t < 2_600) || (t >= 4_000 && t < 4_100);
    const { actions } = run([{ kind: 'arm' }, ...frames(0, 9_000, moving)]);
    expect(actions.map((a) => a.kind)).toEqual(['start', 'stop']);
    expect(actions[1]).toMatchObject({ at: ms(4_080 + 2_000) });
  });

  it('does nothing unarmed, and Record/Stop work by hand (no stop on stillness)', () => {
    expect(run(frames(0, 2_000, () => true)).actions).toEqual([]);
    const { actions, state } = run([{ kind: 'record', at: ms(100) }, ...frames(100, 6_000, () => false), { kind: 'stop', at: ms(6_000) }]);
    expect(actions).toEqual([
      { kind: 'start', at: ms(100), keepFrom: ms(100), by: 'manual' },
      { kind: 'stop', at: ms(6_000), by: 'manual' },
    ]);
    expect(state).toEqual(IDLE);
  });

  it('Record while armed keeps the pre-trigger buffer; disarm goes back to idle', () => {
    expect(run([{ kind: 'arm' }, { kind: 'record', at: ms(9_000) }]).actions).toEqual([{ kind: 'start', at: ms(9_000), keepFrom: ms(7_000), by: 'manual' }]);
    expect(run([{ kind: 'arm' }, { kind: 'disarm' }, ...frames(0, 1_000, () => true)]).actions).toEqual([]);
  });

  it('defaults to a 2 s pre-trigger buffer', () => {
    expect(DEFAULT_TRIGGER.preTrigger).toBe(2n * NS_PER_S);
  });
});

describe('pre-trigger buffer', () => {
  it('keeps the last span of frames, gives back those from the trigger minus the pre-trigger, in order', () => {
    const buffer = new PreTriggerBuffer<number>(ms(2_000), 1_000);
    for (let t = 0; t <= 5_000; t += 100) buffer.push(ms(t), t);
    expect(buffer.size).toBe(21); // 3000..5000
    expect(buffer.take(ms(4_500)).map((e) => e.item)).toEqual([4_500, 4_600, 4_700, 4_800, 4_900, 5_000]);
    expect(buffer.size).toBe(0);
  });

  it('never holds more than its item limit (memory is bounded even at a high rate)', () => {
    const buffer = new PreTriggerBuffer<number>(ms(2_000), 10);
    for (let t = 0; t < 100; t++) buffer.push(ms(t), t);
    expect(buffer.size).toBe(10);
    expect(buffer.take(0n)[0]!.item).toBe(90);
  });
});

describe('movement in the band around the line', () => {
  const W = 64;
  const H = 48;
  /** RGBA of the whole frame, grey background with a white block at columns [x0, x0 + 10). */
  function frame(x0: number | null): Uint8Array {
    const px = new Uint8Array(W * H * 4).fill(90);
    if (x0 !== null) for (let y = 10; y < 30; y++) for (let x = x0; x < x0 + 10; x++) px.fill(250, (y * W + x) * 4, (y * W + x) * 4 + 3);
    return px;
  }
  function crop(rgba: Uint8Array, r: { left: number; top: number; width: number; height: number }): Uint8Array {
    const out = new Uint8Array(r.width * r.height * 4);
    for (let y = 0; y < r.height; y++) out.set(rgba.subarray(((r.top + y) * W + r.left) * 4, ((r.top + y) * W + r.left + r.width) * 4), y * r.width * 4);
    return out;
  }

  it('sees a competitor entering the band, not one far from the line, and not a uniform light change', () => {
    const plan = planBand({ kind: 'column', x: 32 }, W, H);
    expect(plan.region).toEqual({ left: 24, top: 0, width: 17, height: 48 });
    const luma = (x0: number | null) => bandLuma(plan, crop(frame(x0), plan.region));
    expect(bandMotion(luma(null), luma(28))).toBeGreaterThan(0.1);
    expect(bandMotion(luma(null), luma(2))).toBe(0);
    const brighter = crop(frame(null), plan.region).map((v) => v + 10);
    expect(bandMotion(luma(null), bandLuma(plan, brighter))).toBe(0);
  });

  it('follows a slanted line and stays inside the frame', () => {
    const plan = planBand({ kind: 'segment', x1: 0, y1: 0, x2: 63, y2: 47 }, W, H);
    expect(plan.region.left).toBe(0);
    expect(plan.region.top).toBe(0);
    expect(Math.max(...plan.points)).toBeLessThan(plan.region.width * plan.region.height);
    expect(plan.points.length).toBeGreaterThan(100);
  });
});
