/** Start: open footage or a race (native dialog in the desktop app, a path field in browser mode), recent races, demo. */
import { useEffect, useState, type DragEvent, type FormEvent } from 'react';
import type { RecentRace } from '../../../app/api/types.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { openCapture, openDemoRace, openRaceAt, openSetup, selectNativeDialogs } from '../session/navigation.js';
import { showError } from '../session/notices.js';
import { useSession } from '../session/state.js';
import { droppedPath, guessKind, type OpenKind } from './dropped-path.js';
import { UnfinishedCaptures } from './UnfinishedCaptures.js';
import { OpenMeet } from '../meet/OpenMeet.js';


const KINDS: { kind: OpenKind; label: string; hint: string }[] = [
  { kind: 'frames', label: 'Frames folder', hint: 'A folder of numbered images from an area-scan camera' },
  { kind: 'video', label: 'Video', hint: 'A video file; its own timestamps can be used' },
  { kind: 'linescan', label: 'Line-scan image', hint: 'One image from a line-scan camera' },
  { kind: 'race', label: 'Race folder', hint: 'A race built earlier (race.json inside)' },
];
const CAMERA = { label: 'Camera', hint: 'Record from a camera at the line (a webcam, a capture card, a phone as a webcam)' };

export function StartScreen() {
  const [recent, setRecent] = useState<RecentRace[] | null>(null);
  const [recentError, setRecentError] = useState<string | null>(null);
  const [kind, setKind] = useState<OpenKind | 'camera'>('frames');
  const [path, setPath] = useState('');
  const native = useSession(selectNativeDialogs);

  useEffect(() => {
    rendererApi.api
      .listRecentRaces({})
      .then(setRecent)
      .catch((err) => setRecentError(messageOf(err)));
  }, []);

  const open = (k: OpenKind, p: string) => {
    const trimmed = p.trim();
    if (!trimmed) return;
    if (k === 'race') void openRaceAt(trimmed);
    else openSetup(trimmed, k);
  };

  const pick = async (k: OpenKind) => {
    try {
      const { path: picked } = await rendererApi.api.pickPath({ purpose: k, title: `Open ${KINDS.find((x) => x.kind === k)?.label}` });
      if (picked) open(k, picked);
    } catch (err) {
      showError(err);
    }
  };

  const [dragOver, setDragOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const p = droppedPath(e.dataTransfer);
    if (!p) {
      showError('This browser did not say where the dropped item is. Paste its full path into the field instead.');
      return;
    }
    const k = guessKind(p);
    setKind(k);
    setPath(k === 'race' ? p.replace(/[\\/]race\.json$/i, '') : p);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'camera') openCapture();
    else open(kind, path);
  };

  return (
    <main
      className={`start${dragOver ? ' drag-over' : ''}`}
      data-testid="start-screen"
      onDragOver={(e) => {
        e.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
    >
      <section className="card hero">
        <h1>Photo-finish adjudication</h1>
        <p className="lede">
          Build the finish-line image from camera footage, mark each competitor’s leading edge, certify the order, times and
          margins, and print the result sheet.
        </p>
        <button type="button" className="primary big" onClick={() => void openDemoRace()} data-testid="open-demo" autoFocus>
          Open the demo race
        </button>
        <p className="muted small">Four stock cars at 1000 frames per second; the first two cross a thousandth of a second apart.</p>
        <ol className="steps">
          <li>
            <strong>Set up</strong> — open the footage, put the finish line on the camera’s line, check the frame rate, build.
          </li>
          <li>
            <strong>Read &amp; mark</strong> — select a competitor, click its leading edge; the results update as you mark.
          </li>
          <li>
            <strong>Certify &amp; print</strong> — freeze the results under your name, then export the signed result sheet.
          </li>
        </ol>
        <p className="muted small">
          Everything works from the keyboard: press <kbd>?</kbd> for the shortcuts.
        </p>
      </section>

      <section className="card">
        <h2>Open</h2>
        {native ? (
          <div className="open-buttons">
            {KINDS.map((k) => (
              <button type="button" key={k.kind} onClick={() => void pick(k.kind)} title={k.hint}>
                {k.label}…
              </button>
            ))}
            <button type="button" onClick={openCapture} title={CAMERA.hint} data-testid="open-camera">
              {CAMERA.label}…
            </button>
          </div>
        ) : (
          <form onSubmit={submit} className="form open-form">
            <fieldset className="segmented" aria-label="What to open">
              {KINDS.map((k) => (
                <label key={k.kind} title={k.hint}>
                  <input type="radio" name="kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
                  {k.label}
                </label>
              ))}
              <label title={CAMERA.hint}>
                <input type="radio" name="kind" value="camera" checked={kind === 'camera'} onChange={() => setKind('camera')} data-testid="open-camera" />
                {CAMERA.label}
              </label>
            </fieldset>
            {kind === 'camera' ? (
              <>
                <p className="muted small">{CAMERA.hint}. The browser asks once whether Photofinish may use the camera.</p>
                <button type="submit" className="primary" data-testid="set-up-camera">
                  Set up the camera
                </button>
              </>
            ) : (
              <>
                <label>
                  Path on this computer
                  <input
                    name="path"
                    value={path}
                    onChange={(e) => setPath(e.target.value)}
                    placeholder={kind === 'race' ? '/races/2026-05-01 heat 3' : kind === 'video' ? '/footage/finish.mp4' : '/footage/frames'}
                    spellCheck={false}
                    data-testid="open-path"
                  />
                </label>
                <p className="muted small">{KINDS.find((k) => k.kind === kind)?.hint}. Browser mode cannot show a file dialog: paste the full path, or drop the folder or file here.</p>
                <button type="submit" className="primary" disabled={!path.trim()}>
                  {kind === 'race' ? 'Open race' : 'Set up'}
                </button>
              </>
            )}
          </form>
        )}
      </section>

      <OpenMeet />

      <UnfinishedCaptures />

      <section className="card">
        <h2>Recent races</h2>
        {recentError ? <p className="error-text">{recentError}</p> : null}
        {recent === null && !recentError ? <p className="muted">Loading…</p> : null}
        {recent && recent.length === 0 ? <p className="empty">No races opened yet on this computer.</p> : null}
        {recent && recent.length > 0 ? (
          <ul className="recent">
            {recent.map((r) => (
              <li key={r.path}>
                <button type="button" className="link" onClick={() => void openRaceAt(r.path)} title={r.path}>
                  <strong>{r.name}</strong>
                  <span className="muted small">
                    {r.path} · {new Date(r.openedAt).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  );
}
