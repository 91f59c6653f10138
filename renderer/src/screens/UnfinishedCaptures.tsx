/**
 * Recordings the app never got to build (it closed or crashed while recording): offered on the start screen, each
 * with Build (recovered and built like any recording, then opened) and Not now (the files stay where they are).
 */
import { useEffect, useState } from 'react';
import type { UnfinishedCapture } from '../../../app/api/methods/capture.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { BuildProgress } from '../setup/BuildProgress.js';
import { openBuiltRace, useBuildJob } from '../setup/build-job.js';

export function UnfinishedCaptures() {
  const [list, setList] = useState<UnfinishedCapture[]>([]);
  const [building, setBuilding] = useState<UnfinishedCapture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job, follow } = useBuildJob({
    onDone: (racePath) => building && void openBuiltRace(racePath ?? building.out, building.travel),
    onFailed: (message) => {
      setBuilding(null);
      setError(message);
    },
  });

  useEffect(() => {
    rendererApi.api
      .listUnfinishedCaptures({})
      .then(setList)
      .catch(() => undefined);
  }, []);

  if (list.length === 0) return null;

  const build = async (c: UnfinishedCapture) => {
    setError(null);
    try {
      const { jobId } = await rendererApi.api.buildCapture({ folder: c.folder });
      setBuilding(c);
      follow(jobId, c.frames);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const forget = async (c: UnfinishedCapture) => {
    await rendererApi.api.forgetCapture({ folder: c.folder }).catch(() => undefined);
    setList((l) => l.filter((x) => x.folder !== c.folder));
  };

  return (
    <section className="card unfinished" data-testid="unfinished-captures">
      <h2>Recordings not yet built</h2>
      <p className="muted small">Photofinish closed while these were being recorded or before they were built. What was recorded is kept.</p>
      {error ? <p className="error-text">{error}</p> : null}
      <ul className="recent">
        {list.map((c) => (
          <li key={c.folder}>
            <div>
              <strong>{c.name || c.out}</strong>
              <span className="muted small">
                {c.frames.toLocaleString()} frames · {new Date(c.startedAt).toLocaleString()} · {c.interrupted ? 'interrupted' : 'stopped'} · {c.folder}
              </span>
            </div>
            {building?.folder === c.folder && job ? (
              <BuildProgress job={job} />
            ) : (
              <span className="row">
                <button type="button" className="primary" onClick={() => void build(c)} disabled={building !== null}>
                  Build
                </button>
                <button type="button" onClick={() => void forget(c)} disabled={building !== null}>
                  Not now
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
