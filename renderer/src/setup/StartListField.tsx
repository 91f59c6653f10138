/**
 * The start list of a race being set up or imported: the file (typed, or chosen where the app has native dialogs)
 * and, for a lynx.evt, which of its events, offered in the order of the lynx.sch beside it.
 */
import { useEffect, useState } from 'react';
import type { StartListEvents } from '../../../app/domain/start-list/lynx-schedule.js';
import type { EvtEvent } from '../../../app/domain/start-list/parse-start-list.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';

export type StartListEvent = StartListEvents['events'][number];

export function StartListField({
  path,
  onPath,
  event,
  onEvent,
  native,
  disabled,
}: {
  path: string;
  onPath(path: string): void;
  /** The chosen event's key (`12-1-3`), '' for none. */
  event: string;
  onEvent(key: string, chosen: EvtEvent | null): void;
  native: boolean;
  disabled?: boolean;
}) {
  const [events, setEvents] = useState<StartListEvents | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isEvt = /\.evt$/i.test(path.trim());

  useEffect(() => {
    if (!isEvt) {
      setEvents(null);
      setProblem(null);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      rendererApi.api
        .listStartListEvents({ path: path.trim() })
        .then((found) => {
          if (!live) return;
          setEvents(found);
          setProblem(null);
          const first = found.events[0];
          // One event: nothing to choose. Several: the first in the schedule until the official picks another.
          if (first && !found.events.some((e) => e.key === event)) onEvent(first.key, first);
        })
        .catch((err) => live && (setEvents(null), setProblem(messageOf(err))));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read the file again only when its path changes
  }, [path, isEvt]);

  const choose = async () => {
    const { path: picked } = await rendererApi.api.pickPath({ purpose: 'start-list' });
    if (picked) onPath(picked);
  };

  return (
    <>
      <label>
        Start list (optional: FinishLynx .evt/.ppl or CSV)
        <span className="row">
          <input name="startList" value={path} onChange={(e) => onPath(e.target.value)} placeholder="/meet/lynx.evt" disabled={disabled} />
          {native ? (
            <button type="button" onClick={() => void choose()} disabled={disabled}>
              Choose…
            </button>
          ) : null}
        </span>
      </label>
      {events && events.events.length > 0 ? (
        <label>
          Event of the start list{events.schedule ? ' (in the order of lynx.sch)' : ''}
          <select
            name="startListEvent"
            value={event}
            disabled={disabled || events.events.length < 2}
            onChange={(e) => onEvent(e.target.value, events.events.find((x) => x.key === e.target.value) ?? null)}
          >
            {events.events.map((e) => (
              <option key={e.key} value={e.key}>
                {e.number}-{e.round}-{e.heat} {e.name} ({e.competitors} competitor{e.competitors === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {problem ? <p className="warning small">{problem}</p> : null}
    </>
  );
}
