/**
 * Set-up's "Time source": what the footage's times come from (its own timestamps, a constant frame rate, a
 * timestamps file, a line-scan camera's line rate), with the frame rate measured from the footage where it has one.
 */
import type { SourceProbe } from '../../../app/api/types.js';
import type { TimingChoice } from '../../../app/domain/race/build-request.js';
import { formatInterval } from '../../../app/domain/viewport/readout.js';

export type TimingKind = 'source' | 'fps' | 'timestamps' | 'line-rate';

export interface TimeSource {
  timing: TimingKind;
  fps: string;
  /** Time of the first frame or line, seconds. */
  startTime: string;
  timestamps: string;
  lineRate: string;
}

export const NO_TIME_SOURCE: TimeSource = { timing: 'fps', fps: '', startTime: '0', timestamps: '', lineRate: '' };

/** The time source the footage suggests: its own times, else its line rate or frame rate (measured if it can be). */
export function suggestedTimeSource(probe: SourceProbe, current: TimeSource): TimeSource {
  const timing: TimingKind = probe.ownTimes ? 'source' : probe.kind === 'linescan' ? 'line-rate' : 'fps';
  return { ...current, timing, fps: probe.measuredRate ? String(Math.round(probe.measuredRate * 1000) / 1000) : current.fps };
}

/** The build request's timing for what the official chose. */
export function timingChoice(t: TimeSource): TimingChoice {
  const startTimeS = t.startTime.trim() || undefined;
  switch (t.timing) {
    case 'source':
      return { kind: 'source' };
    case 'fps':
      return { kind: 'fps', fps: t.fps.trim(), startTimeS };
    case 'timestamps':
      return { kind: 'timestamps', file: t.timestamps.trim() };
    case 'line-rate':
      return { kind: 'line-rate', rate: t.lineRate.trim(), startTimeS };
  }
}

export function TimeSourceFields({
  probe,
  value,
  onChange,
  disabled,
  pickTimestamps,
}: {
  probe: SourceProbe;
  value: TimeSource;
  onChange(patch: Partial<TimeSource>): void;
  disabled: boolean;
  /** Opens the desktop app's file dialog (absent in a browser). */
  pickTimestamps?: () => void;
}) {
  const radio = (timing: TimingKind, label: string) => (
    <label>
      <input type="radio" name="timing" checked={value.timing === timing} onChange={() => onChange({ timing })} />
      {label}
    </label>
  );
  return (
    <>
      <h2>Time source</h2>
      <div className="measured" data-testid="measured-rate">
        {probe.measuredRate ? (
          <>
            Measured: <strong>{probe.measuredRate.toFixed(3)} frames/s</strong>
            {probe.medianIntervalNs ? <> · interval {formatInterval(BigInt(probe.medianIntervalNs))}</> : null}
            {probe.spreadNs ? <> · spread ±{formatInterval(BigInt(probe.spreadNs))}</> : null}
          </>
        ) : (
          <>This footage carries no times of its own: give the frame rate (or a timestamps file).</>
        )}
      </div>
      <fieldset className="radios" disabled={disabled}>
        {probe.ownTimes ? radio('source', probe.ownTimes === 'video' ? 'The video’s own timestamps' : 'The GIF’s frame delays') : null}
        {radio('fps', 'Constant frame rate')}
        {value.timing === 'fps' ? (
          <div className="sub">
            <label className="inline">
              Frames per second
              <input name="fps" value={value.fps} onChange={(e) => onChange({ fps: e.target.value })} inputMode="decimal" required placeholder="1000" />
            </label>
            <label className="inline">
              First frame at (s)
              <input name="start" value={value.startTime} onChange={(e) => onChange({ startTime: e.target.value })} inputMode="decimal" />
            </label>
          </div>
        ) : null}
        {radio('timestamps', 'Timestamps file')}
        {value.timing === 'timestamps' ? (
          <div className="sub">
            <input name="timestamps" value={value.timestamps} onChange={(e) => onChange({ timestamps: e.target.value })} placeholder="/footage/timestamps.csv" required />
            {pickTimestamps ? (
              <button type="button" onClick={pickTimestamps}>
                Choose…
              </button>
            ) : null}
          </div>
        ) : null}
        {probe.kind === 'linescan' ? (
          <>
            {radio('line-rate', 'Line rate')}
            {value.timing === 'line-rate' ? (
              <div className="sub">
                <label className="inline">
                  Lines per second
                  <input name="lineRate" value={value.lineRate} onChange={(e) => onChange({ lineRate: e.target.value })} required placeholder="10000" />
                </label>
              </div>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </>
  );
}
