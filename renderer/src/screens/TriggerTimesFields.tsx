/**
 * The motion trigger's two times, set by the official before arming (FinishLynx's pre-trigger and post-trigger):
 * how much of what came before the trigger is kept from memory, and how long the band must stay still before the
 * recording stops. The pre-trigger is held as JPEGs in memory, so it is bounded (5 s; 6 s of frames at 60 frames/s).
 */
import type { TriggerSettings } from '../../../app/domain/capture/motion-trigger.js';
import { secondsNumberToTicks } from '../../../app/domain/time/ticks.js';

export interface TriggerTimesText {
  before: string;
  after: string;
}

export const DEFAULT_TRIGGER_TIMES: TriggerTimesText = { before: '2', after: '2' };
const LIMITS = { before: [0, 5], after: [0.5, 30] } as const;

/** The times as ticks, each kept inside its limits (a field left empty or unreadable takes the default). */
export function triggerTimesOf(text: TriggerTimesText): Pick<TriggerSettings, 'preTrigger' | 'stopAfter'> {
  const seconds = (key: keyof TriggerTimesText) => {
    const v = Number(text[key].trim().replace(',', '.'));
    const [lo, hi] = LIMITS[key];
    return Number.isFinite(v) && text[key].trim() !== '' ? Math.min(hi, Math.max(lo, v)) : Number(DEFAULT_TRIGGER_TIMES[key]);
  };
  return { preTrigger: secondsNumberToTicks(seconds('before')), stopAfter: secondsNumberToTicks(seconds('after')) };
}

export function TriggerTimesFields({ value, onChange, disabled }: { value: TriggerTimesText; onChange(next: TriggerTimesText): void; disabled: boolean }) {
  return (
    <fieldset className="fields" disabled={disabled} data-testid="trigger-times">
      <legend>Arm (motion trigger)</legend>
      <label>
        Keep before the trigger (s)
        <input name="pre-trigger" type="number" min={LIMITS.before[0]} max={LIMITS.before[1]} step={0.5} value={value.before} onChange={(e) => onChange({ ...value, before: e.target.value })} />
      </label>
      <label>
        Stop after no movement for (s)
        <input name="stop-after" type="number" min={LIMITS.after[0]} max={LIMITS.after[1]} step={0.5} value={value.after} onChange={(e) => onChange({ ...value, after: e.target.value })} />
      </label>
    </fieldset>
  );
}
