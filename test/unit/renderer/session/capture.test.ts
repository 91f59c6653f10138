/**
 * The capture screen's actions through the one registry: Record, Stop, Arm, Disarm and F run the recorder only when
 * they apply (on the capture screen, in the recorder's mode), and nothing leaves the screen while a recording runs.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runAction } from '../../../../renderer/src/actions/registry.js';
import { setCaptureControls, setRecorderMode, type CaptureControls } from '../../../../renderer/src/session/capture.js';
import { openCapture } from '../../../../renderer/src/session/navigation.js';
import { initialSession, session } from '../../../../renderer/src/session/state.js';

let controls: { [K in keyof CaptureControls]: ReturnType<typeof vi.fn<() => void>> };

beforeEach(() => {
  session.set(initialSession());
  controls = { record: vi.fn<() => void>(), stop: vi.fn<() => void>(), arm: vi.fn<() => void>(), disarm: vi.fn<() => void>(), mark: vi.fn<() => void>() };
  openCapture();
  setCaptureControls(controls);
  setRecorderMode('idle');
});

describe('capture actions', () => {
  it('ready: Record and Arm run; Stop, Disarm and F do not', () => {
    expect(runAction('capture-stop')).toBe(false);
    expect(runAction('capture-disarm')).toBe(false);
    expect(runAction('capture-mark')).toBe(false);
    expect(runAction('capture-arm')).toBe(true);
    expect(runAction('capture-record')).toBe(true);
    expect(controls.arm).toHaveBeenCalledTimes(1);
    expect(controls.record).toHaveBeenCalledTimes(1);
    expect(controls.mark).not.toHaveBeenCalled();
  });

  it('armed: Record (keeping the buffer) and Disarm; recording: Stop and F, and no leaving the screen', () => {
    setRecorderMode('armed');
    expect(runAction('capture-arm')).toBe(false);
    expect(runAction('capture-disarm')).toBe(true);
    expect(runAction('capture-record')).toBe(true);
    setRecorderMode('recording');
    expect(runAction('capture-record')).toBe(false);
    expect(runAction('capture-mark')).toBe(true);
    expect(runAction('capture-stop')).toBe(true);
    expect(controls.mark).toHaveBeenCalledTimes(1);
    expect(controls.stop).toHaveBeenCalledTimes(1);
    for (const away of ['open-race', 'open-frames', 'open-video', 'open-camera'] as const) expect(runAction(away), away).toBe(false);
    expect(session.get().navigation.screen.kind).toBe('capture');
  });

  it('off the capture screen, or once the recorder is gone, none of them runs', () => {
    setCaptureControls(null);
    expect(session.get().capture.mode).toBe('none');
    for (const id of ['capture-record', 'capture-stop', 'capture-arm', 'capture-disarm', 'capture-mark'] as const) expect(runAction(id), id).toBe(false);
    expect(runAction('open-camera')).toBe(true);
  });
});
