/**
 * Set up a race from footage: the finish line on a reference frame, the time source (with the measured frame rate
 * and its spread), the sport, a start list (and which event of a lynx.evt), the event, and the build with progress,
 * ETA and cancel.
 */
import { isSportName, SPORT_CHOICES, type SportName } from '../../../app/domain/sports/sport-list.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiEvent } from '../../../app/api/events.js';
import type { FrameImage, SourceProbe } from '../../../app/api/types.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../app/errors.js';
import { appErrorText } from '../errors/hints.js';
import { goToStart, openRaceAt, selectNativeDialogs } from '../session/navigation.js';
import { change } from '../session/race.js';
import { session, useSession, type SetupKind } from '../session/state.js';
import { LineEditor } from '../setup/LineEditor.js';
import { BuildRow, type JobView } from '../setup/BuildRow.js';
import { StartListField } from '../setup/StartListField.js';
import { EventFields } from '../record/EventFields.js';
import { EMPTY_EVENT_FORM, eventChanges, eventForm, type EventForm } from '../record/event-form.js';
import { saveEvent } from '../session/record.js';
import { SetupStart } from '../start/SetupStart.js';
import { toFinishLine, toSegment, type Segment } from '../setup/line-geometry.js';
import { NO_TIME_SOURCE, TimeSourceFields, suggestedTimeSource, timingChoice, type TimeSource } from '../setup/TimeSourceFields.js';


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
  const [timeSource, setTimeSource] = useState<TimeSource>(NO_TIME_SOURCE);
  const [sport, setSport] = useState<SportName>('motorsport');
  const [startList, setStartList] = useState('');
  const [startListEvent, setStartListEvent] = useState('');
  const [event, setEvent] = useState<EventForm>(EMPTY_EVENT_FORM);
  const eventRef = useRef(event);
  eventRef.current = event;
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
        setTimeSource((t) => suggestedTimeSource(p, t));
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
        // What the start list's event line did not already say (wind, venue, …) is set as the race's event.
        const changes = r ? eventChanges(eventForm(r.event), { ...eventForm(r.event), ...filled(eventRef.current) }) : {};
        if (typeof changes !== 'string' && Object.keys(changes).length > 0) void saveEvent(changes);
      });
    } else {
      setJob(null);
      setError(state === 'cancelled' ? 'Build cancelled. Nothing was written.' : (err ?? 'The build failed.'));
    }
  }

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
        timing: timingChoice(timeSource),
        name: name.trim() || undefined,
        sport,
        startList: startList.trim() || undefined,
        startListEvent: startList.trim() && startListEvent ? startListEvent : undefined,
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
            <TimeSourceFields
              probe={probe}
              value={timeSource}
              onChange={(patch) => setTimeSource((t) => ({ ...t, ...patch }))}
              disabled={running}
              pickTimestamps={native ? () => void pickInto('timestamps', (timestamps) => setTimeSource((t) => ({ ...t, timestamps }))) : undefined}
            />

            <h2>Race</h2>
            <fieldset className="fields" disabled={running}>
              <label>
                Name
                <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
              </label>
              <label>
                Sport
                <select name="sport" value={sport} onChange={(e) => isSportName(e.target.value) && setSport(e.target.value)}>
                  {SPORT_CHOICES.map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.label} ({s.publishes})
                    </option>
                  ))}
                </select>
              </label>
              <StartListField
                path={startList}
                onPath={setStartList}
                event={startListEvent}
                onEvent={(key, chosen) => {
                  setStartListEvent(key);
                  // The event line names the event: fill its number, round, heat and name for the official to check.
                  if (chosen) setEvent((f) => ({ ...f, number: String(chosen.number), round: String(chosen.round), heat: String(chosen.heat), name: chosen.name }));
                }}
                native={native}
              />
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
            {probe.kind !== 'linescan' ? <SetupStart disabled={running} ownSound={probe.kind === 'video'} source={source} /> : null}

            <h2>Event</h2>
            <EventFields value={event} onChange={setEvent} disabled={running} />

            <BuildRow job={job} finished={finished !== null} canBuild={Boolean(frame && line && out.trim())} onCancel={() => void cancel()} />
          </section>
        </form>
      ) : null}
    </main>
  );
}

/** The fields the official filled in (the others keep what the race has). */
function filled(form: EventForm): Partial<EventForm> {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '')) as Partial<EventForm>;
}

function labelKind(k: SetupKind): string {
  return k === 'frames' ? 'Frames folder' : k === 'video' ? 'Video' : 'Line-scan image';
}
