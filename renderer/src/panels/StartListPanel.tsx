/** The start list: select a competitor (click, J/K, or type its number), see whether and where it is marked. */
import { useEffect, useRef } from 'react';
import { session, selectCompetitor } from '../app/session.js';
import { useStore } from '../app/store.js';
import { competitorColour } from '../viewer/colours.js';

export function StartListPanel({ typed }: { typed: string }) {
  const s = useStore(session);
  const race = s.race;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [s.selectedId]);

  if (!race) return null;
  const byId = new Map(race.results.finishers.map((f) => [f.competitor, f]));
  return (
    <section className="panel start-list" aria-labelledby="start-list-title">
      <header className="panel-head">
        <h2 id="start-list-title">Start list</h2>
        <span className="muted">{race.competitors.length} competitors</span>
      </header>
      <p className="hint">
        {typed ? (
          <>
            Selecting <strong>#{typed}</strong>…
          </>
        ) : s.selectedId ? (
          <>
            <strong>#{s.selectedId}</strong> selected — click its leading edge on the composite.
          </>
        ) : (
          'Select a competitor (or type its number), then click its leading edge.'
        )}
      </p>
      {race.competitors.length === 0 ? (
        <p className="empty">No start list. Import one in set-up, or build the race with a start list file.</p>
      ) : (
        <ul ref={listRef} role="listbox" aria-label="Competitors" className="competitors" data-testid="start-list">
          {race.competitors.map((c, i) => {
            const f = byId.get(c.id);
            const marked = race.marks.some((m) => m.competitorId === c.id);
            return (
              <li
                key={c.id}
                role="option"
                aria-selected={s.selectedId === c.id}
                tabIndex={-1}
                data-competitor={c.id}
                onClick={() => selectCompetitor(s.selectedId === c.id ? null : c.id)}
              >
                <span className="swatch" style={{ background: competitorColour(c, i) }} aria-hidden="true" />
                <span className="bib">{c.id}</span>
                <span className="name" title={[c.team, c.lane ? `lane ${c.lane}` : ''].filter(Boolean).join(' · ')}>
                  {c.name || [c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}
                </span>
                <span className={`mark-state${marked ? ' marked' : ''}`}>{marked ? (f?.time_display ?? 'marked') : 'no mark'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
