/** The start list: select a competitor (click, J/K, or type its number), see whether and where it is marked. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ActionButton } from '../actions/ActionButton.js';
import { typeTimeForSelected } from '../session/marks.js';
import { selectRace } from '../session/race.js';
import { openDialog } from '../session/dialogs.js';
import { selectCompetitor, selectSelectedId, selectTyped } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { competitorColour } from '../viewer/colours.js';
import { StatusMenu } from './StatusMenu.js';

/** The name the start list gives, or its first and last name. */
const nameOf = (c: { name?: string; firstName?: string; lastName?: string }) => c.name || [c.firstName, c.lastName].filter(Boolean).join(' ');

export function StartListPanel() {
  const race = useSession(selectRace);
  const selectedId = useSession(selectSelectedId);
  const typed = useSession(selectTyped);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const [typing, setTyping] = useState(false);
  const [typedTime, setTypedTime] = useState('');
  if (!race) return null;
  const selected = race.competitors.find((c) => c.id === selectedId) ?? null;
  const selectedMarked = selected !== null && race.marks.some((m) => m.competitorId === selected.id);
  const readOnly = race.certified !== null;

  const submitTime = async (e: FormEvent) => {
    e.preventDefault();
    if (await typeTimeForSelected(typedTime)) {
      setTyping(false);
      setTypedTime('');
    }
  };
  const byId = new Map(race.results.finishers.map((f) => [f.competitor, f]));
  const statusById = new Map(race.statuses.map((st) => [st.competitorId, st]));
  return (
    <section className="panel start-list" aria-labelledby="start-list-title">
      <header className="panel-head">
        <h2 id="start-list-title">Start list</h2>
        <span className="muted">{race.competitors.length} competitors</span>
      </header>
      <p className="hint">
        {readOnly ? (
          'Certified — read-only. Use Amend to change marks.'
        ) : typed ? (
          <>
            Selecting <strong>#{typed}</strong>…
          </>
        ) : selectedId ? (
          <>
            <strong>#{selectedId}</strong> selected — click its leading edge on the composite.
          </>
        ) : (
          'Select a competitor (or type its number), then click its leading edge.'
        )}
      </p>
      {race.competitors.length === 0 ? (
        <p className="empty">No start list yet: Edit start list… below to type, paste or import one.</p>
      ) : (
        <ul
          ref={listRef}
          role="listbox"
          aria-label="Competitors"
          className="competitors"
          data-testid="start-list"
          tabIndex={0}
          aria-activedescendant={selectedId ? `competitor-${selectedId}` : undefined}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
            e.preventDefault();
            const ids = race.competitors.map((c) => c.id);
            const i = selectedId ? ids.indexOf(selectedId) : -1;
            const n = e.key === 'ArrowDown' ? Math.min(ids.length - 1, i + 1) : Math.max(0, i - 1);
            selectCompetitor(ids[n] ?? null);
          }}
        >
          {race.competitors.map((c, i) => {
            const f = byId.get(c.id);
            const marked = race.marks.some((m) => m.competitorId === c.id);
            const status = statusById.get(c.id);
            return (
              <li
                key={c.id}
                id={`competitor-${c.id}`}
                role="option"
                aria-selected={selectedId === c.id}
                tabIndex={-1}
                data-competitor={c.id}
                onClick={() => selectCompetitor(c.id)}
              >
                <span className="swatch" style={{ background: competitorColour(c, i) }} aria-hidden="true" />
                <span className="bib">{c.id}</span>
                {/* A long name ends in "…" here; the title gives it whole. */}
                <span className="name" dir="auto" title={[nameOf(c), c.team, c.lane ? `lane ${c.lane}` : ''].filter(Boolean).join(' · ')}>
                  {nameOf(c) || '—'}
                </span>
                {/* With a status and no place, the status menu itself says which. */}
                <span className={`mark-state${marked ? ' marked' : ''}`}>{status && !f ? '' : marked ? (f?.time_display ?? 'marked') : 'no mark'}</span>
                <StatusMenu id={c.id} status={status} disabled={readOnly} sport={race.sport.sport} />
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly ? (
        <div className="competitor-actions">
          {selected ? (
            <>
              <button type="button" onClick={() => setTyping((v) => !v)} title="Key in a time read elsewhere; it is flagged as typed on every result">
                Type a time for #{selected.id}…
              </button>
              {selectedMarked ? (
                <ActionButton action="remove-mark">Remove mark</ActionButton>
              ) : null}
            </>
          ) : null}
          <button type="button" onClick={() => openDialog('start-list')} data-testid="edit-start-list">
            Edit start list…
          </button>
        </div>
      ) : null}
      {typing && selected && !readOnly ? (
        <form className="inline-form" onSubmit={submitTime}>
          <input
            aria-label={`Time for #${selected.id} in seconds`}
            value={typedTime}
            onChange={(e) => setTypedTime(e.target.value)}
            placeholder="e.g. 12.345 or 1:02.345"
            autoFocus
            onKeyDown={(e) => e.key === 'Escape' && setTyping(false)}
          />
          <button type="submit" className="primary" disabled={!typedTime.trim()}>
            Set typed time
          </button>
        </form>
      ) : null}
    </section>
  );
}
