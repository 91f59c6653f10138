/**
 * The Meet screen: the schedule from the meet software's files with each race's state, "Next race" (set-up filled
 * from the schedule), the start-list changes the official must decide, and the board's read-only address. It
 * follows the meet live: a rewritten input file or a save anywhere in this app refreshes it.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiEvent } from '../../../app/api/events.js';
import type { MeetRaceRow, MeetView } from '../../../app/api/types.js';
import { meetRaceName } from '../../../app/domain/meet/race-name.js';
import { rendererApi } from '../api/index.js';
import { ScreenHead } from '../screens/ScreenHead.js';
import { messageOf } from '../session/errors.js';
import { openCaptureFor, openRaceAt, openSetup, selectNavigation } from '../session/navigation.js';
import { useSession, type SetupKind } from '../session/state.js';
import { nextRace, setupPreset, STATE_LABELS } from './meet-schedule.js';

const KINDS: { kind: SetupKind; label: string }[] = [
  { kind: 'frames', label: 'Frames folder' },
  { kind: 'video', label: 'Video' },
  { kind: 'linescan', label: 'Line-scan image' },
];

export function MeetScreen({ path }: { path: string }) {
  const api = rendererApi.api;
  const [meet, setMeet] = useState<MeetView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<MeetRaceRow | null>(null);
  const [source, setSource] = useState('');
  const [kind, setKind] = useState<SetupKind>('frames');
  const [note, setNote] = useState<string | null>(null);
  const browser = useSession(selectNavigation).info?.shell === 'browser';

  const load = useCallback(() => {
    api
      .openMeet({ path })
      .then((m) => {
        setMeet(m);
        setError(null);
      })
      .catch((err) => setError(messageOf(err)));
  }, [api, path]);

  useEffect(() => {
    load();
    return rendererApi.subscribe((e: ApiEvent) => {
      if (e.type === 'meet-changed') load();
    });
  }, [load]);

  const sync = async () => {
    try {
      const r = await api.syncMeet({ path });
      setNote(r.changed.length ? `New start lists from the meet’s files: ${r.changed.join(', ')}` : 'Every race has the start list of the meet’s files.');
      load();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const next = meet ? nextRace(meet) : null;
  const setUp = (e: FormEvent) => {
    e.preventDefault();
    if (meet && chosen && source.trim()) openSetup(source.trim(), kind, setupPreset(meet, chosen));
  };

  return (
    <main className="setup meet" data-testid="meet-screen">
      <ScreenHead title="Meet" backDisabled={false} error={error}>
        {meet ? `${meet.path} · results to ${meet.output} (.lif at ${meet.lifPrecision} s)${meet.feed ? ` · feed ${meet.feed}` : ''}` : path}
      </ScreenHead>
      {meet?.inputProblem ? <p className="alert" role="alert">{meet.inputProblem}</p> : null}
      {meet?.refused.map((r) => (
        <p className="alert" role="alert" key={r.race} data-testid="meet-refused">
          {r.message}
        </p>
      ))}
      {note ? <p className="muted" role="status">{note}</p> : null}
      {meet ? (
        <section className="card">
          <div className="meet-actions">
            <button type="button" className="primary" disabled={!next} onClick={() => next && setChosen(next)} data-testid="next-race">
              {next ? `Next race: ${meetRaceName(next)} ${next.name}` : 'Every race is built'}
            </button>
            <button type="button" onClick={() => void sync()}>
              Apply the meet’s files now
            </button>
          </div>
          {chosen ? (
            <form className="form open-form" onSubmit={setUp} data-testid="meet-setup">
              <p>
                Set up <strong>{meetRaceName(chosen)}</strong> {chosen.name}: its folder, start list and event come from the schedule.
              </p>
              <fieldset className="segmented" aria-label="Footage">
                {KINDS.map((k) => (
                  <label key={k.kind}>
                    <input type="radio" name="meet-kind" checked={kind === k.kind} onChange={() => setKind(k.kind)} />
                    {k.label}
                  </label>
                ))}
              </fieldset>
              <label>
                Footage on this computer
                <input value={source} onChange={(e) => setSource(e.target.value)} placeholder="/footage/frames" spellCheck={false} data-testid="meet-source" />
              </label>
              <div className="meet-actions">
                <button type="submit" className="primary" disabled={!source.trim()}>
                  Set up
                </button>
                <button type="button" onClick={() => openCaptureFor(setupPreset(meet, chosen))} data-testid="meet-camera">
                  Camera…
                </button>
              </div>
            </form>
          ) : null}
          <table className="meet-races" data-testid="meet-races">
            <thead>
              <tr>
                <th>Race</th>
                <th>Event</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {meet.races.map((r) => (
                <tr key={meetRaceName(r)} data-state={r.state}>
                  <td>{meetRaceName(r)}</td>
                  <td>{r.name}</td>
                  <td>{STATE_LABELS[r.state]}</td>
                  <td>
                    {r.race ? (
                      <button type="button" className="link" onClick={() => void openRaceAt(r.race as string)}>
                        Open
                      </button>
                    ) : (
                      <button type="button" className="link" onClick={() => setChosen(r)}>
                        Set up…
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small" data-testid="board-address">
            The announcer’s board (read-only, it can change nothing): token <code>{meet.boardToken}</code>
            {browser ? (
              <>
                {' '}
                — <code>{`${location.origin}/board#token=${meet.boardToken}`}</code> while this server runs with the meet
              </>
            ) : null}
            .
          </p>
        </section>
      ) : null}
    </main>
  );
}
