/**
 * Capture: a camera at the line. Pick the camera and its mode, put the finish line on the live picture with the
 * set-up's line editor, name the race and where to save it, then Record (the button then reads Stop) or Arm the
 * motion trigger. While recording, the photo-finish image grows below with the running time; lost frames show as
 * red columns at once. Stop builds the race with the ordinary build and opens it. The recorder (capture/) runs
 * outside React; this screen shows it and reaches it through the action registry (Record, Stop, Arm, F).
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { defaultLine, planSamples } from '../../../app/domain/line/finish-line.js';
import type { FinishLine } from '../../../app/domain/race/evidence.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { listCameras, modeLabel, openCamera, type CameraInfo } from '../capture/cameras.js';
import { startRecorder, type OpenedCamera, type Recorder } from '../capture/recorder.js';
import type { CaptureStatus } from '../capture/capture-engine.js';
import { selectNativeDialogs } from '../session/navigation.js';
import { selectRecorderMode } from '../session/capture.js';
import { useSession } from '../session/state.js';
import { BuildProgress } from '../setup/BuildProgress.js';
import { openBuiltRace, useBuildJob } from '../setup/build-job.js';
import { LineEditor } from '../setup/LineEditor.js';
import { toFinishLine, toSegment, type Segment } from '../setup/line-geometry.js';
import { RaceFields, type RaceFieldValues } from '../setup/RaceFields.js';
import { joinMeet, presetRaceFields } from '../meet/preset.js';
import type { SetupPreset } from '../session/state.js';
import { CaptureStatusLine } from './CaptureStatusLine.js';
import { ScreenHead } from './ScreenHead.js';
import { DEFAULT_TRIGGER_TIMES, TriggerTimesFields, triggerTimesOf } from './TriggerTimesFields.js';
import { StreamRecorder } from '../capture/stream-recorder.js';
import { StreamSourceFields, useCaptureDevices, type StreamChoice } from './StreamSourceFields.js';

/** The build plan of the race as the fields stand, for the line given (both recorders ask it at Record). */
function planOf(r: RaceFieldValues, line: FinishLine) {
  return {
    out: r.out.trim(),
    name: r.name.trim(),
    sport: r.sport,
    ...(r.startList.trim() ? { startList: r.startList.trim() } : {}),
    ...(r.startList.trim() && r.startListEvent ? { startListEvent: r.startListEvent } : {}),
    line,
    travel: r.travel,
  };
}

export function CaptureScreen({ preset }: { preset?: SetupPreset } = {}) {
  const native = useSession(selectNativeDialogs);
  const mode = useSession(selectRecorderMode);
  const [cameras, setCameras] = useState<CameraInfo[] | null>(null);
  const [deviceId, setDeviceId] = useState('');
  const [modeIndex, setModeIndex] = useState(0);
  const [camera, setCamera] = useState<OpenedCamera | null>(null);
  const [line, setLine] = useState<Segment | null>(null);
  const [race, setRace] = useState<RaceFieldValues>(() => presetRaceFields({ name: 'Race', sport: 'motorsport', startList: '', startListEvent: '', travel: 'right-to-left', out: '' }, preset));
  const [triggerTimes, setTriggerTimes] = useState(DEFAULT_TRIGGER_TIMES);
  const triggerRef = useRef(triggerTimes);
  triggerRef.current = triggerTimes;
  const [status, setStatus] = useState<CaptureStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const liveRef = useRef<HTMLCanvasElement>(null);
  const recorderRef = useRef<Recorder | null>(null);
  const raceRef = useRef(race);
  raceRef.current = race;
  const lineRef = useRef<FinishLine | null>(null);
  // The source: this browser's cameras, an FFmpeg device (`ffmpeg:<index>`), or a network address through FFmpeg.
  const devices = useCaptureDevices();
  const [sourceKind, setSourceKind] = useState('browser');
  const [streamChoice, setStreamChoice] = useState<StreamChoice>({ source: null, line: null });
  const useBrowser = sourceKind === 'browser';
  const ffmpegDevice = sourceKind.startsWith('ffmpeg:') ? (devices?.[Number(sourceKind.slice(7))] ?? null) : null;

  const { job, follow } = useBuildJob({
    onDone: (racePath) => {
      const at = racePath ?? raceRef.current.out.trim();
      setOpening(at);
      void joinMeet(preset).then(() => openBuiltRace(at, raceRef.current.travel));
    },
    onFailed: setError,
  });

  useEffect(() => {
    let live = true;
    listCameras()
      .then((found) => {
        if (!live) return;
        setCameras(found);
        if (found[0]) setDeviceId(found[0].deviceId);
        else setError('No camera found: connect one (a webcam, a capture card, a phone as a webcam) and come back to this screen.');
      })
      .catch((err: unknown) => live && setError(cameraProblem(err)));
    rendererApi.api
      .suggestCaptureFolder({ name: '' })
      .then(({ out }) => live && setRace((r) => (r.out ? r : { ...r, out })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const chosen = cameras?.find((c) => c.deviceId === deviceId) ?? null;
  const cameraMode = chosen?.modes[modeIndex] ?? null;

  // The camera in the chosen mode; the live picture shows it at once.
  useEffect(() => {
    if (!useBrowser || !chosen || !cameraMode) return;
    let live = true;
    let opened: OpenedCamera | null = null;
    openCamera(chosen.deviceId, cameraMode)
      .then(({ stream, track, settings }) => {
        opened = { stream, track, label: chosen.label, width: settings.width ?? cameraMode.width, height: settings.height ?? cameraMode.height, frameRate: settings.frameRate ?? cameraMode.frameRate };
        if (!live) return stopStream(stream);
        setCamera(opened);
        setLine((l) => (l && l.x1 < opened!.width && l.x2 < opened!.width && l.y1 < opened!.height && l.y2 < opened!.height ? l : toSegment(defaultLine(opened!.width), opened!.height)));
      })
      .catch((err: unknown) => live && setError(cameraProblem(err)));
    return () => {
      live = false;
      if (opened) stopStream(opened.stream);
      setCamera(null);
    };
  }, [chosen, cameraMode, useBrowser]);

  useEffect(() => {
    if (videoRef.current && camera) videoRef.current.srcObject = camera.stream;
  }, [camera]);

  const finishLine = camera && line ? toFinishLine(line, camera.height) : null;
  lineRef.current = finishLine;
  const rows = camera && finishLine ? planSamples(finishLine, camera.width, camera.height).rows : 0;

  // The recorder: frame workers, engine and live image, for this camera.
  useEffect(() => {
    const canvas = liveRef.current;
    if (!camera || !canvas || !lineRef.current) return;
    const recorder = startRecorder({
      camera,
      line: lineRef.current,
      canvas,
      mirror: () => raceRef.current.travel === 'left-to-right',
      plan: () => planOf(raceRef.current, lineRef.current as FinishLine),
      trigger: () => triggerTimesOf(triggerRef.current),
      onStatus: (next) => {
        setStatus(next);
        if (next.mode === 'armed' || next.mode === 'recording') setError(null);
      },
      onStopped: (result) => {
        if ('error' in result) setError(messageOf(result.error));
        else follow(result.jobId, result.summary.frames);
      },
    });
    recorderRef.current = recorder;
    return () => {
      recorder.close();
      recorderRef.current = null;
    };
    // The recorder lives as long as the camera; a new line is given to it below, not by starting over.
  }, [camera, follow]);

  // An FFmpeg source: the service reads it; this page shows its live line image and sends Record/Stop/Arm/F.
  const streamKey = useBrowser ? '' : JSON.stringify(streamChoice);
  useEffect(() => {
    const canvas = liveRef.current;
    const { source, line: streamLine } = streamChoice;
    if (useBrowser || !canvas || !source || !streamLine) return;
    const recorder = new StreamRecorder({
      canvas,
      source,
      plan: () => planOf(raceRef.current, streamLine),
      trigger: () => {
        const t = triggerTimesOf(triggerRef.current);
        return { preTriggerS: Number(t.preTrigger) / 1e9, stopAfterS: Number(t.stopAfter) / 1e9 };
      },
      mirror: () => raceRef.current.travel === 'left-to-right',
      onStatus: (next) => {
        setStatus(next);
        if (next.error) setError(next.error);
        else if (next.mode === 'armed' || next.mode === 'recording') setError(null);
      },
      onStopped: (result) => {
        if ('error' in result) setError(messageOf(result.error));
        else follow(result.jobId, result.summary.frames);
      },
    });
    return () => recorder.close();
  }, [streamKey, follow]); // eslint-disable-line react-hooks/exhaustive-deps

  const lineKey = finishLine ? JSON.stringify(finishLine) : '';
  useEffect(() => {
    if (lineRef.current) recorderRef.current?.setLine(lineRef.current);
  }, [lineKey]);

  const recording = mode === 'recording' || mode === 'stopping';
  const busy = recording || job !== null || opening !== null;

  return (
    <main className="capture" data-testid="capture-screen">
      <ScreenHead title="Record from a camera" backDisabled={busy} error={error}>
        The camera at the finish line: every frame is kept with the camera’s own time, and the race is built when you stop.
      </ScreenHead>

      <section className="card capture-live">
        <div className="capture-controls">
          {recording ? (
            <ActionButton action="capture-stop" className="primary big stop" data-testid="capture-record">
              <span aria-hidden="true">■ </span>Stop
            </ActionButton>
          ) : (
            <ActionButton action="capture-record" className="primary big" disabled={!race.out.trim() || job !== null} data-testid="capture-record">
              <span aria-hidden="true">● </span>Record
            </ActionButton>
          )}
          {mode === 'armed' ? (
            <ActionButton action="capture-disarm" data-testid="capture-arm" aria-pressed="true">
              Disarm
            </ActionButton>
          ) : (
            <ActionButton action="capture-arm" disabled={!race.out.trim() || job !== null} data-testid="capture-arm" aria-pressed="false">
              Arm
            </ActionButton>
          )}
          <CaptureStatusLine status={status} preTriggerS={Number(triggerTimesOf(triggerTimes).preTrigger) / 1e9} />
          <span className="muted small">{tooltip('capture-mark')} while recording</span>
        </div>
        <canvas ref={liveRef} className="live-composite" width={1200} height={200} data-testid="live-composite" data-rows={rows} />
        {job ? (
          <div className="build-row">
            <BuildProgress job={job} />
          </div>
        ) : opening ? (
          <p className="loading">Built. Opening the race…</p>
        ) : null}
      </section>

      <div className="capture-grid">
        <section className="card capture-camera">
          <header className="panel-head">
            <h2>Camera</h2>
            <span className="muted" data-testid="measured-rate">
              {!useBrowser ? (status?.rate ? `measured ${status.rate.toFixed(2)} frames/s (the stream’s own timestamps)` : 'FFmpeg') : camera ? `${camera.width}×${camera.height} · measured ${status?.rate ? `${status.rate.toFixed(2)} frames/s` : '…'} (asked for ${cameraMode?.frameRate ?? '?'})` : 'Opening the camera…'}
            </span>
          </header>
          {/* Source, camera and mode on one row, and the picture no taller than the screen leaves room for: Record
              and the whole line editor are in view together on a 1366×768 screen. */}
          <div className="row capture-pickers">
            <label>
              Source
              <select value={sourceKind} onChange={(e) => (setSourceKind(e.target.value), setError(null))} disabled={busy} data-testid="capture-source">
                <option value="browser">This computer’s cameras (browser)</option>
                {(devices ?? []).map((d, i) => (
                  <option key={d.input} value={`ffmpeg:${i}`}>
                    {d.name} (FFmpeg, {d.format})
                  </option>
                ))}
                <option value="address">Network camera (FFmpeg: rtsp, udp, http)</option>
              </select>
            </label>
            {useBrowser ? (
              <>
                <label>
                  Camera
                  <select value={deviceId} onChange={(e) => (setDeviceId(e.target.value), setModeIndex(0))} disabled={busy || !cameras?.length} data-testid="camera-select">
                    {(cameras ?? []).map((c) => (
                      <option key={c.deviceId} value={c.deviceId}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Mode
                  <select value={modeIndex} onChange={(e) => setModeIndex(Number(e.target.value))} disabled={busy || !chosen} data-testid="camera-mode">
                    {(chosen?.modes ?? []).map((m, i) => (
                      <option key={modeLabel(m)} value={i}>
                        {modeLabel(m)}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            ) : null}
          </div>
          {useBrowser ? (
            camera && line ? (
              <>
                <div className="capture-line" style={{ '--aspect': camera.width / camera.height } as CSSProperties}>
                  <LineEditor
                    media={<video ref={videoRef} autoPlay muted playsInline data-testid="camera-picture" />}
                    width={camera.width}
                    height={camera.height}
                    line={line}
                    onChange={setLine}
                    disabled={busy || mode === 'armed'}
                  />
                </div>
                <p className="muted small">
                  Drag the red line’s ends onto the finish line in the picture (Shift keeps it vertical or horizontal).
                  {finishLine?.kind === 'column' ? ` Exact pixel column ${line.x1}.` : ' Sampled along the segment.'}
                </p>
              </>
            ) : (
              <p className="loading">Waiting for the camera…</p>
            )
          ) : (
            <StreamSourceFields device={ffmpegDevice} disabled={busy || mode === 'armed'} onChange={setStreamChoice} />
          )}
        </section>

        <section className="card settings-card">
          <h2>Race</h2>
          <RaceFields value={race} onChange={setRace} disabled={busy} native={native} />
          <TriggerTimesFields value={triggerTimes} onChange={setTriggerTimes} disabled={busy || mode === 'armed'} />
        </section>
      </div>

    </main>
  );
}

function stopStream(stream: MediaStream): void {
  for (const t of stream.getTracks()) t.stop();
}

/** Why the camera could not be used, in words an official can act on. */
function cameraProblem(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'The camera may not be used: allow camera access for Photofinish and come back to this screen.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera found: connect one and come back to this screen.';
  if (name === 'NotReadableError') return 'The camera is in use by another program: close it and come back to this screen.';
  return messageOf(err);
}
