/** Live results: place, number, name, time, behind winner and previous, with dead-heat and typed-time badges. */
import { formatInterval } from '../../../app/domain/viewport/readout.js';
import { sportProfile, type SportProfile } from '../../../app/domain/sports/profiles.js';
import { session, selectCompetitor, setSport } from '../app/session.js';
import { useStore } from '../app/store.js';

/** Behind the winner, by the sport's own publication rule (the same the result sheet uses for margins). */
function behindWinner(profile: SportProfile, ns: string | null, winnerNs: string | null): string {
  if (ns === null || winnerNs === null) return '';
  return profile.margin({ time: BigInt(ns), previous: BigInt(winnerNs), isWinner: false, deadHeatWithPrevious: false });
}

export function ResultsTable() {
  const s = useStore(session);
  const race = s.race;
  const resolution = s.resolutionNs;
  if (!race) return null;
  const r = race.results;
  const finishers = r.finishers.filter((f) => f.place !== null);
  const winner = finishers[0];
  const profile = sportProfile(race.sport);
  const unplaced = r.finishers.filter((f) => f.place === null);
  return (
    <section className="panel results" aria-labelledby="results-title">
      <header className="panel-head">
        <h2 id="results-title">Results</h2>
        <span className="muted row" title="Interval between composite columns: the finest difference the evidence can show">
          <select
            aria-label="Sport (publication rules)"
            value={race.sport.sport}
            disabled={race.certified !== null}
            onChange={(e) => void setSport(e.target.value as 'motorsport' | 'athletics' | 'horse' | 'greyhound')}
          >
            <option value="motorsport">Motorsport</option>
            <option value="athletics">Athletics</option>
            <option value="horse">Horse racing</option>
            <option value="greyhound">Greyhound</option>
          </select>
          resolution {formatInterval(resolution)} per column{r.certified ? ' · certified' : ' · provisional'}
        </span>
      </header>
      {finishers.length === 0 ? (
        <p className="empty">No marks yet. Select a competitor, then click its leading edge on the composite.</p>
      ) : null}
      <table data-testid="results-table">
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">No.</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">Time</th>
            <th scope="col" className="num">Behind winner</th>
            <th scope="col" className="num">Behind previous</th>
            <th scope="col" className="num">Resolution</th>
          </tr>
        </thead>
        <tbody>
          {finishers.map((f, i) => (
            <tr
              key={f.competitor}
              data-competitor={f.competitor}
              className={s.selectedId === f.competitor ? 'selected' : ''}
              onClick={() => selectCompetitor(f.competitor)}
            >
              <td className="place">{f.place}</td>
              <td className="bib">{f.competitor}</td>
              <td>
                {f.name}
                {f.dead_heat ? <span className="badge dh" title="Dead heat declared by the officials">DH</span> : null}
                {f.typed ? <span className="badge typed" title="Time typed by hand, not read from the image">typed</span> : null}
                {f.suggested ? <span className="badge sugg" title="Accepted from a detected edge">detected</span> : null}
                {f.tie ? <span className="badge tie" title="Tied at the published precision: the rule book decides">tie</span> : null}
                {f.near_gap ? <span className="badge gap" title="Within a column of dropped frames">near gap</span> : null}
              </td>
              <td className="num time" data-time-ns={f.time_ns ?? ''}>
                {f.time_display}
              </td>
              <td className="num" data-testid="behind-winner">
                {i === 0 ? '—' : behindWinner(profile, f.time_ns, winner?.time_ns ?? null)}
              </td>
              <td className="num" data-testid="behind-previous" data-behind-previous-s={f.behind_previous_s ?? ''}>
                {i === 0 ? '—' : f.lengths_display && f.lengths_display !== f.margin_display ? `${f.lengths_display} · ${f.margin_display}` : f.margin_display}
              </td>
              <td className="num muted">{f.resolution_s !== null ? `${(f.resolution_s * 1000).toFixed(3)} ms` : ''}</td>
            </tr>
          ))}
          {unplaced.map((f) => (
            <tr key={f.competitor} className={`unplaced${s.selectedId === f.competitor ? ' selected' : ''}`} onClick={() => selectCompetitor(f.competitor)}>
              <td className="place">—</td>
              <td className="bib">{f.competitor}</td>
              <td>{f.name}</td>
              <td className="num muted" colSpan={4}>
                not marked
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
