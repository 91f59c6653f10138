/**
 * Set up a race from footage: the finish line on a reference frame, the time source (with the measured frame rate
 * and its spread), the sport, a start list (and which event of a lynx.evt), the event, and the build with progress,
 * ETA and cancel.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FrameImage, SourceProbe } from '../../../app/api/types.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { selectNativeDialogs } from '../session/navigation.js';
import { session, useSession, type SetupKind, type SetupPreset } from '../session/state.js';
import { LineEditor } from '../setup/LineEditor.js';
import { BuildRow } from '../setup/BuildRow.js';
import { openBuiltRace, useBuildJob } from '../setup/build-job.js';
import { RaceFields, type RaceFieldValues } from '../setup/RaceFields.js';
import { EventFields } from '../record/EventFields.js';
import { EMPTY_EVENT_FORM, eventChanges, eventForm, type EventForm } from '../record/event-form.js';
import { saveEvent } from '../session/record.js';
import { SetupStart } from '../start/SetupStart.js';
import { toFinishLine, toSegment, type Segment } from '../setup/line-geometry.js';
import { NO_TIME_SOURCE, TimeSourceFields, suggestedTimeSource, timingChoice, type TimeSource } from '../setup/TimeSourceFields.js';
import { ScreenHead } from './ScreenHead.js';
import { joinMeet, presetRaceFields } from '../meet/preset.js';


function defaultOut(source: string): string {
  const trimmed = source.replace(/[\\/]+$/, '');
  return `${trimmed.replace(/\.[^./\\]+$/, '')}-race`;
}

export function SetupScreen({ source, sourceKind, preset }: { source: string; sourceKind: SetupKind; preset?: SetupPreset }) {
  const api = rendererApi.api;
  const scheduled = preset !== undefined;
  const [probe, setProbe] = useState<SourceProbe | null>(null);
  const [frame, setFrame] = useState<FrameImage | null>(null);
  const [frameIndex, setFrameIndex] = useState(0);
  const [line, setLine] = useState<Segment | null>(null);
  /** The line proposed from the footage's motion: 'looking' for it, 'proposed' while it stands as proposed. */
  const [proposal, setProposal] = useState<'looking' | 'proposed' | null>(null);
  const lineMoved = useRef(false);
  const [timeSource, setTimeSource] = useState<TimeSource>(NO_TIME_SOURCE);
  const [race, setRace] = useState<RaceFieldValues>(() =>
    presetRaceFields({ name: '', sport: 'motorsport', startList: '', startListEvent: '', travel: 'right-to-left', out: defaultOut(source) }, preset),
  );
  const [event, setEvent] = useState<EventForm>(EMPTY_EVENT_FORM);
  const eventRef = useRef(event);
  eventRef.current = event;
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  const { job, follow, cancel: cancelJob } = useBuildJob({
    onDone: (racePath) => {
      const at = racePath ?? race.out.trim();
      setFinished(at);
      void joinMeet(preset)
        .then(() => openBuiltRace(at, race.travel))
        .then(() => {
          // What the start list's event line did not already say (wind, venue, …) is set as the race's event.
          const r = session.get().race.view;
          const changes = r ? eventChanges(eventForm(r.event), { ...eventForm(r.event), ...filled(eventRef.current) }) : {};
          if (typeof changes !== 'string' && Object.keys(changes).length > 0) void saveEvent(changes);
        });
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
        // A meet's race keeps the schedule's name; other footage is named after its file or folder.
        setRace((r) => (scheduled ? r : { ...r, name: source.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? 'Race' }));
        setTimeSource((t) => suggestedTimeSource(p, t));
      })
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [api, source, scheduled]);

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

  // Propose a line across the footage's motion; an official who already moved the line keeps theirs.
  useEffect(() => {
    if (!probe || probe.kind === 'linescan') return;
    let live = true;
    setProposal('looking');
    api
      .proposeLine({ path: source })
      .then(({ proposal: p }) => {
        if (!live) return;
        if (p && !lineMoved.current) {
          setLine(p.line);
          setProposal('proposed');
        } else setProposal(null);
      })
      .catch(() => live && setProposal(null)); // a set-up aid only: the default line stays, nothing to report
    return () => {
      live = false;
    };
  }, [api, source, probe]);

  const moveLine = (l: Segment) => {
    lineMoved.current = true;
    setProposal(null);
    setLine(l);
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
        timing: timingChoice(timeSource),
        name: race.name.trim() || undefined,
        sport: race.sport,
        startList: race.startList.trim() || undefined,
        startListEvent: race.startList.trim() && race.startListEvent ? race.startListEvent : undefined,
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

  const pickTimestamps = async () => {
    const { path } = await api.pickPath({ purpose: 'timestamps' });
    if (path) setTimeSource((t) => ({ ...t, timestamps: path }));
  };
  const native = useSession(selectNativeDialogs);
  const running = job !== null && finished === null;

  return (
    <main className="setup" data-testid="setup-screen">
      <ScreenHead title="Set up a race" backDisabled={running} error={error}>
        {labelKind(sourceKind)}: <code>{source}</code>
      </ScreenHead>
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
                <LineEditor
                  src={frame.dataUrl}
                  width={frame.width}
                  height={frame.height}
                  line={line}
                  onChange={moveLine}
                  disabled={running}
                  {...(proposal === 'proposed' ? { label: 'proposed' } : {})}
                />
                <p className="muted small" data-testid="line-proposal" aria-live="polite">
                  {proposal === 'looking'
                    ? 'Looking at the footage’s motion to propose a line…'
                    : proposal === 'proposed'
                      ? 'Proposed from the footage: across the main direction of motion, where most of it crosses. Move it onto the real finish line.'
                      : ''}
                </p>
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
              pickTimestamps={native ? () => void pickTimestamps() : undefined}
            />

            <h2>Race</h2>
            <RaceFields
              value={race}
              onChange={setRace}
              // The event line names the event: fill its number, round, heat and name for the official to check.
              onEventChosen={(chosen) => setEvent((f) => ({ ...f, number: String(chosen.number), round: String(chosen.round), heat: String(chosen.heat), name: chosen.name, ...(chosen.distanceM !== undefined ? { distance: String(chosen.distanceM) } : {}) }))}
              disabled={running}
              native={native}
            />
            {probe.kind !== 'linescan' ? <SetupStart disabled={running} ownSound={probe.kind === 'video'} source={source} /> : null}

            <h2>Event</h2>
            <EventFields value={event} onChange={setEvent} disabled={running} />

            <BuildRow job={job} finished={finished !== null} canBuild={Boolean(frame && line && race.out.trim())} onCancel={() => void cancel()} />
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
