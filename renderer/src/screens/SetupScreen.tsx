/**
 * Set up a race from footage: the finish line on a reference frame, the time source (with the measured frame rate
 * and its spread), the sport, a start list, and the build with progress, ETA and cancel.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { FrameImage, SourceProbe } from '../../../app/api/types.js';
import { formatInterval } from '../../../app/domain/viewport/readout.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../app/errors.js';
import { goToStart, selectNativeDialogs } from '../session/navigation.js';
import { useSession, type SetupKind } from '../session/state.js';
import { BuildProgress } from '../setup/BuildProgress.js';
import { openBuiltRace, useBuildJob } from '../setup/build-job.js';
import { RaceFields, type RaceFieldValues } from '../setup/RaceFields.js';
import { LineEditor } from '../setup/LineEditor.js';
import { toFinishLine, toSegment, type Segment } from '../setup/line-geometry.js';

type TimingKind = 'source' | 'fps' | 'timestamps' | 'line-rate';

function defaultOut(source: string): string {
  const trimmed = source.replace(/[\\/]+$/, '');
  return `${trimmed.replace(/\.[^./\\]+$/, '')}-race`;
}

export function SetupScreen({ source, sourceKind }: { source: string; sourceKind: SetupKind }) {
  const api = rendererApi.api;
  const [probe, setProbe] = useState<SourceProbe | null>(null);
  const [frame, setFrame] = useState<FrameImage | null>(null);
  const [frameIndex, setFrameIndex] = useState(0);
  const [line, setLine] = useState<Segment | null>(null);
  const [timing, setTiming] = useState<TimingKind>('fps');
  const [fps, setFps] = useState('');
  const [timestamps, setTimestamps] = useState('');
  const [lineRate, setLineRate] = useState('');
  const [startTime, setStartTime] = useState('0');
  const [race, setRace] = useState<RaceFieldValues>({ name: '', sport: 'motorsport', startList: '', travel: 'right-to-left', out: defaultOut(source) });
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  const { job, follow, cancel: cancelJob } = useBuildJob({
    onDone: (racePath) => {
      const at = racePath ?? race.out.trim();
      setFinished(at);
      void openBuiltRace(at, race.travel);
    },
    onFailed: setError,
  });

  useEffect(() => {
    let live = true;
    api
      .probeSource({ path: source })
      .then((p) => {
        if (!live) return;
        setProbe(p);
        setRace((r) => ({ ...r, name: source.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? 'Race' }));
        if (p.ownTimes) setTiming('source');
        else if (p.kind === 'linescan') setTiming('line-rate');
        else setTiming('fps');
        if (p.measuredRate) setFps(String(Math.round(p.measuredRate * 1000) / 1000));
      })
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [api, source]);

  useEffect(() => {
    if (!probe) return;
    let live = true;
    api
      .getProbeFrame({ path: source, index: frameIndex })
      .then((f) => {
        if (!live) return;
        setFrame(f);
        setLine((l) => l ?? toSegment(probe.suggestedLine, f.height));
      })
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [api, source, probe, frameIndex]);

  const timingChoice = () => {
    const st = startTime.trim() || undefined;
    switch (timing) {
      case 'source':
        return { kind: 'source' as const };
      case 'fps':
        return { kind: 'fps' as const, fps: fps.trim(), startTimeS: st };
      case 'timestamps':
        return { kind: 'timestamps' as const, file: timestamps.trim() };
      case 'line-rate':
        return { kind: 'line-rate' as const, rate: lineRate.trim(), startTimeS: st };
    }
  };

  const build = async (e: FormEvent) => {
    e.preventDefault();
    if (!frame || !line) return;
    setError(null);
    setFinished(null);
    try {
      const { jobId } = await api.startBuild({
        source,
        out: race.out.trim(),
        line: toFinishLine(line, frame.height),
        timing: timingChoice(),
        name: race.name.trim() || undefined,
        sport: race.sport,
        startList: race.startList.trim() || undefined,
      });
      follow(jobId, probe?.frameCount ?? 0);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const cancel = async () => {
    try {
      await cancelJob();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const pickInto = async (purpose: 'timestamps', set: (v: string) => void) => {
    const { path } = await api.pickPath({ purpose });
    if (path) set(path);
  };
  const native = useSession(selectNativeDialogs);
  const running = job !== null && finished === null;

  return (
    <main className="setup" data-testid="setup-screen">
      <div className="setup-head">
        <div>
          <h1>Set up a race</h1>
          <p className="muted">
            {labelKind(sourceKind)}: <code>{source}</code>
          </p>
        </div>
        <button type="button" onClick={goToStart} disabled={running}>
          ← Back
        </button>
      </div>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      {!probe && !error ? <p className="loading">Reading the footage…</p> : null}
      {probe ? (
        <form className="setup-grid" onSubmit={build}>
          <section className="card frame-card">
            <header className="panel-head">
              <h2>Finish line</h2>
              <span className="muted">
                {probe.width}×{probe.height}, {probe.frameCount.toLocaleString()} {probe.kind === 'linescan' ? 'lines' : 'frames'}, {probe.bitDepth}-bit
              </span>
            </header>
            {frame && line ? (
              <>
                <LineEditor src={frame.dataUrl} width={frame.width} height={frame.height} line={line} onChange={setLine} disabled={running} />
                <p className="muted small">
                  Drag the red line’s ends onto the camera’s finish line (hold Shift to keep it vertical or horizontal; or focus an end with
                  Tab and use the arrow keys). Line: ({line.x1}, {line.y1}) → ({line.x2}, {line.y2})
                  {toFinishLine(line, frame.height).kind === 'column' ? ` — exact pixel column ${line.x1}` : ' — sampled along the segment'}.
                </p>
                {probe.kind !== 'linescan' ? (
                  <label className="inline">
                    Reference frame
                    <input
                      type="range"
                      min={0}
                      max={Math.max(0, probe.frameCount - 1)}
                      value={frameIndex}
                      onChange={(e) => setFrameIndex(Number(e.target.value))}
                      disabled={running}
                    />
                    <output>
                      {frameIndex + 1} / {probe.frameCount}
                    </output>
                  </label>
                ) : null}
              </>
            ) : (
              <p className="loading">Loading the reference frame…</p>
            )}
          </section>

          <section className="card settings-card">
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
            <fieldset className="radios" disabled={running}>
              {probe.ownTimes ? (
                <label>
                  <input type="radio" name="timing" checked={timing === 'source'} onChange={() => setTiming('source')} />
                  {probe.ownTimes === 'video' ? 'The video’s own timestamps' : 'The GIF’s frame delays'}
                </label>
              ) : null}
              <label>
                <input type="radio" name="timing" checked={timing === 'fps'} onChange={() => setTiming('fps')} />
                Constant frame rate
              </label>
              {timing === 'fps' ? (
                <div className="sub">
                  <label className="inline">
                    Frames per second
                    <input name="fps" value={fps} onChange={(e) => setFps(e.target.value)} inputMode="decimal" required placeholder="1000" />
                  </label>
                  <label className="inline">
                    First frame at (s)
                    <input name="start" value={startTime} onChange={(e) => setStartTime(e.target.value)} inputMode="decimal" />
                  </label>
                </div>
              ) : null}
              <label>
                <input type="radio" name="timing" checked={timing === 'timestamps'} onChange={() => setTiming('timestamps')} />
                Timestamps file
              </label>
              {timing === 'timestamps' ? (
                <div className="sub">
                  <input name="timestamps" value={timestamps} onChange={(e) => setTimestamps(e.target.value)} placeholder="/footage/timestamps.csv" required />
                  {native ? (
                    <button type="button" onClick={() => void pickInto('timestamps', setTimestamps)}>
                      Choose…
                    </button>
                  ) : null}
                </div>
              ) : null}
              {probe.kind === 'linescan' ? (
                <>
                  <label>
                    <input type="radio" name="timing" checked={timing === 'line-rate'} onChange={() => setTiming('line-rate')} />
                    Line rate
                  </label>
                  {timing === 'line-rate' ? (
                    <div className="sub">
                      <label className="inline">
                        Lines per second
                        <input name="lineRate" value={lineRate} onChange={(e) => setLineRate(e.target.value)} required placeholder="10000" />
                      </label>
                    </div>
                  ) : null}
                </>
              ) : null}
            </fieldset>

            <h2>Race</h2>
            <RaceFields value={race} onChange={setRace} disabled={running} native={native} />

            <div className="build-row">
              {running ? (
                <BuildProgress job={job} onCancel={() => void cancel()} />
              ) : finished ? (
                <p className="loading">Built. Opening the race…</p>
              ) : (
                <button type="submit" className="primary big" disabled={!frame || !line || !race.out.trim()} data-testid="build">
                  Build the composite
                </button>
              )}
            </div>
          </section>
        </form>
      ) : null}
    </main>
  );
}

function labelKind(k: SetupKind): string {
  return k === 'frames' ? 'Frames folder' : k === 'video' ? 'Video' : 'Line-scan image';
}
