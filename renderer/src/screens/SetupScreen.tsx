/**
 * Set up a race from footage: the finish line on a reference frame, the time source (with the measured frame rate
 * and its spread), the sport, a start list, and the build with progress, ETA and cancel.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiEvent } from '../../../app/api/events.js';
import type { FrameImage, SourceProbe } from '../../../app/api/types.js';
import { formatInterval } from '../../../app/domain/viewport/readout.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../app/errors.js';
import { appErrorText } from '../errors/hints.js';
import { goToStart, openRaceAt, selectNativeDialogs } from '../session/navigation.js';
import { change } from '../session/race.js';
import { session, useSession, type SetupKind } from '../session/state.js';
import { LineEditor } from '../setup/LineEditor.js';
import { toFinishLine, toSegment, type Segment } from '../setup/line-geometry.js';

type TimingKind = 'source' | 'fps' | 'timestamps' | 'line-rate';
type Sport = 'motorsport' | 'athletics' | 'horse' | 'greyhound';

/** The latest progress of the running build, as the service pushes it. */
type JobView = Omit<Extract<ApiEvent, { type: 'job-progress' }>, 'type'>;

function defaultOut(source: string): string {
  const trimmed = source.replace(/[\\/]+$/, '');
  return `${trimmed.replace(/\.[^./\\]+$/, '')}-race`;
}

function fmtEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return 'estimating…';
  if (s < 1) return 'under a second left';
  if (s < 90) return `about ${Math.ceil(s)} s left`;
  return `about ${Math.ceil(s / 60)} min left`;
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
  const [sport, setSport] = useState<Sport>('motorsport');
  const [startList, setStartList] = useState('');
  const [name, setName] = useState('');
  const [out, setOut] = useState(defaultOut(source));
  /** Which way competitors cross the camera's view; the composite is then shown so they face the way they travel. */
  const [travel, setTravel] = useState<'right-to-left' | 'left-to-right'>('right-to-left');
  const travelRef = useRef(travel);
  travelRef.current = travel;
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  const jobRef = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .probeSource({ path: source })
      .then((p) => {
        if (!live) return;
        setProbe(p);
        setName(source.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? 'Race');
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

  useEffect(
    () =>
      rendererApi.subscribe((e: ApiEvent) => {
        if ((e.type !== 'job-progress' && e.type !== 'job-finished') || !jobRef.current || e.jobId !== jobRef.current) return;
        if (e.type === 'job-progress') setJob({ jobId: e.jobId, phase: e.phase, done: e.done, total: e.total, rate: e.rate, etaS: e.etaS });
        else if (e.type === 'job-finished') onFinished(e.state, e.error && appErrorText(e.error, e.hint, e.facts), e.racePath);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription for the screen's life: onFinished works from refs (jobRef, travelRef) and the event's racePath
    [],
  );

  // Events can be missed (a reconnecting stream); poll the job as well while it runs.
  useEffect(() => {
    if (!job) return;
    const t = setInterval(() => {
      const id = jobRef.current;
      if (!id) return;
      api
        .getJob({ jobId: id })
        .then((st) => {
          if (jobRef.current !== id) return;
          if (st.state === 'running') setJob((j) => (j ? { ...j, done: Math.max(j.done, st.done), total: st.total || j.total } : j));
          else onFinished(st.state, st.error && appErrorText(st.error, st.hint, st.facts), st.racePath);
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart the poll only when the job changes, not on its progress; onFinished works from refs
  }, [job?.jobId]);

  function onFinished(state: 'done' | 'failed' | 'cancelled', err?: string, racePath?: string) {
    if (!jobRef.current) return;
    jobRef.current = null;
    if (state === 'done') {
      setFinished(racePath ?? out);
      setJob((j) => (j ? { ...j, done: j.total } : j));
      void openRaceAt(racePath ?? out).then(() => {
        // Time runs left to right by default, which mirrors competitors moving left to right: flip the display.
        const r = session.get().race.view;
        if (travelRef.current === 'left-to-right' && r && r.direction !== 'rtl') {
          void change('change the display direction', (by, raceId) => api.setDirection({ raceId, direction: 'rtl', by }));
        }
      });
    } else {
      setJob(null);
      setError(state === 'cancelled' ? 'Build cancelled. Nothing was written.' : (err ?? 'The build failed.'));
    }
  }

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
        out: out.trim(),
        line: toFinishLine(line, frame.height),
        timing: timingChoice(),
        name: name.trim() || undefined,
        sport,
        startList: startList.trim() || undefined,
      });
      jobRef.current = jobId;
      setJob({ jobId, phase: 'starting', done: 0, total: probe?.frameCount ?? 0, rate: 0, etaS: null });
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const cancel = async () => {
    if (!job) return;
    try {
      await api.cancelJob({ jobId: job.jobId });
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const pickInto = async (purpose: 'start-list' | 'timestamps', set: (v: string) => void) => {
    const { path } = await api.pickPath({ purpose });
    if (path) set(path);
  };
  const native = useSession(selectNativeDialogs);
  const running = job !== null && finished === null;
  const pct = job && job.total > 0 ? Math.min(100, (job.done / job.total) * 100) : 0;

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
            <fieldset className="fields" disabled={running}>
              <label>
                Name
                <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
              </label>
              <label>
                Sport
                <select name="sport" value={sport} onChange={(e) => setSport(e.target.value as Sport)}>
                  <option value="motorsport">Motorsport (nearest 1/1000 s)</option>
                  <option value="athletics">Athletics (rounded up to 1/100 s)</option>
                  <option value="horse">Horse racing (lengths)</option>
                  <option value="greyhound">Greyhound racing (lengths)</option>
                </select>
              </label>
              <label>
                Start list (optional: FinishLynx .evt/.ppl or CSV)
                <span className="row">
                  <input name="startList" value={startList} onChange={(e) => setStartList(e.target.value)} placeholder="/meet/lynx.evt" />
                  {native ? (
                    <button type="button" onClick={() => void pickInto('start-list', setStartList)}>
                      Choose…
                    </button>
                  ) : null}
                </span>
              </label>
              <label>
                Competitors cross the picture moving
                <select name="travel" value={travel} onChange={(e) => setTravel(e.target.value as 'right-to-left' | 'left-to-right')}>
                  <option value="right-to-left">right to left (time runs →)</option>
                  <option value="left-to-right">left to right (time runs ←, so they face forward)</option>
                </select>
              </label>
              <label>
                Save the race in
                <input name="out" value={out} onChange={(e) => setOut(e.target.value)} required spellCheck={false} />
              </label>
            </fieldset>

            <div className="build-row">
              {running ? (
                <>
                  <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-label="Build progress" data-testid="build-progress">
                    <div className="bar" style={{ width: `${pct}%` }} />
                  </div>
                  <p className="muted small" data-testid="build-status">
                    {phaseLabel(job.phase)} {job.done.toLocaleString()} / {job.total.toLocaleString()}
                    {job.rate > 0 ? ` · ${Math.round(job.rate).toLocaleString()} frames/s` : ''} · {fmtEta(job.etaS)}
                  </p>
                  <button type="button" onClick={() => void cancel()}>
                    Cancel build
                  </button>
                </>
              ) : finished ? (
                <p className="loading">Built. Opening the race…</p>
              ) : (
                <button type="submit" className="primary big" disabled={!frame || !line || !out.trim()} data-testid="build">
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

function phaseLabel(phase: string): string {
  const p = phase.replace(/[-_]/g, ' ');
  return p.charAt(0).toUpperCase() + p.slice(1);
}
