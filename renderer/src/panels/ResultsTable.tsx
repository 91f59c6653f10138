/**
 * Live results: place, number, name, time, behind winner and previous, with dead-heat, typed and hand-time badges;
 * then DNF, DQ and DNS with the word in the place column, and the rule checks certification will ask about.
 */
import { isSportName, SPORT_CHOICES } from '../../../app/domain/sports/sport-list.js';
import { formatInterval } from '../../../app/domain/viewport/readout.js';
import type { FinisherResult, LeanRaceView } from '../../../app/api/types.js';
import { ActionButton, tooltip } from '../actions/ActionButton.js';
import { selectDeadHeatPicks, toggleDeadHeatPick } from '../session/dead-heat-picks.js';
import { selectRace, selectResolution, setSport } from '../session/race.js';
import { selectCompetitor, selectSelectedId } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { ChecksList } from '../dialogs/ChecksList.js';

/** Who ruled the dead heat a finisher is in, for the DH badge's tooltip. */
function deadHeatTitle(race: LeanRaceView, id: string): string {
  const dh = race.deadHeats.find((d) => d.competitors.includes(id));
  return dh ? `Dead heat with ${dh.competitors.filter((c) => c !== id).map((c) => `#${c}`).join(', ')}, declared by ${dh.by}` : 'Dead heat declared by the officials';
}

/** The accepted-suggestion badge: "accepted (S2)", the suggestion's name as the picture and the sheet give it. */
function acceptedBadge(race: LeanRaceView, f: FinisherResult): string {
  const m = race.marks.find((x) => x.competitorId === f.competitor);
  return m?.suggestion ? `accepted (S${m.suggestion.index + 1})` : 'accepted';
}

/** For the accepted-suggestion badge: which detected edge, its uncertainty, and who accepted it. */
function suggestedTitle(race: LeanRaceView, f: FinisherResult): string {
  const m = race.marks.find((x) => x.competitorId === f.competitor);
  if (!m?.suggestion) return 'Suggested leading edge, accepted by an official';
  // Only a calibrated uncertainty is shown, as on the result sheet.
  const u = m.suggestion.calibrated ? `±${formatInterval(BigInt(m.suggestion.uncertaintyNs))}, ` : '';
  return `Suggested edge S${m.suggestion.index + 1} (${u}${Math.round(m.suggestion.confidence * 100)}% confidence), accepted by ${m.by}`;
}

export function ResultsTable() {
  const race = useSession(selectRace);
  const resolution = useSession(selectResolution);
  const selectedId = useSession(selectSelectedId);
  const pick = useSession(selectDeadHeatPicks);
  if (!race) return null;
  const r = race.results;
  const finishers = r.finishers.filter((f) => f.place !== null);
  const others = r.others;
  const readOnly = race.certified !== null;
  return (
    <section className="panel results" aria-labelledby="results-title">
      <header className="panel-head">
        <h2 id="results-title">Results</h2>
        <span className="muted row" title="Interval between composite columns: the finest difference the evidence can show">
          <select
            aria-label="Sport (publication rules)"
            value={race.sport.sport}
            disabled={race.certified !== null}
            onChange={(e) => void (isSportName(e.target.value) && setSport(e.target.value))}
          >
            {SPORT_CHOICES.map((s) => (
              <option key={s.name} value={s.name}>
                {s.shortLabel}
              </option>
            ))}
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
            {readOnly ? null : (
              <th scope="col" className="pick" title="Tick finishers to declare a dead heat between them">
                DH
              </th>
            )}
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
              className={selectedId === f.competitor ? 'selected' : ''}
              onClick={() => selectCompetitor(f.competitor)}
            >
              {readOnly ? null : (
                <td className="pick" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    checked={pick.includes(f.competitor)}
                    onChange={() => toggleDeadHeatPick(f.competitor)}
                    aria-label={`Include #${f.competitor}${f.name ? ` ${f.name}` : ''} in a dead heat`}
                    data-testid="dead-heat-pick"
                  />
                </td>
              )}
              <td className="place">{f.place}</td>
              <td className="bib">{f.competitor}</td>
              <td className="name-cell">
                <span className="name" dir="auto" title={f.name}>
                  {f.name}
                </span>
                {f.dead_heat ? (
                  <span className="badge dh" title={deadHeatTitle(race, f.competitor)}>
                    DH
                  </span>
                ) : null}
                {f.typed ? <span className="badge typed" title="Time typed in, not read from the image">typed</span> : null}
                {f.hand ? <span className="badge typed" title="Hand time: published to 1/10 s rounded up">hand</span> : null}
                {f.judge_distance ? (
                  <span className="badge judge" title={`Distance set by ${f.judge_distance.by} (computed ${f.judge_distance.computed}): ${f.judge_distance.reason}`}>
                    judge
                  </span>
                ) : null}
                {f.suggested ? (
                  <span className="badge sugg" title={suggestedTitle(race, f)}>
                    {acceptedBadge(race, f)}
                  </span>
                ) : null}
                {f.tie ? <span className="badge tie" title="Tied at the published precision: the rule book decides">tie</span> : null}
                {(f.notes ?? []).map((n) => (
                  <span key={n} className="badge note" title={n}>
                    {n}
                  </span>
                ))}
                {f.near_gap ? <span className="badge gap" title="Within a column of dropped frames">near gap</span> : null}
              </td>
              <td className="num time" data-time-ns={f.time_ns ?? ''}>
                {f.time_display}
              </td>
              {/* The published margins, as every output prints them: none between dead-heaters (shown as DH). */}
              <td className="num" data-testid="behind-winner">
                {i === 0 ? '—' : (f.behind_winner_display ?? '')}
              </td>
              <td className="num" data-testid="behind-previous" data-behind-previous-s={f.behind_previous_s ?? ''}>
                {i === 0 ? '—' : f.dead_heat && finishers[i - 1]?.place === f.place ? 'DH' : (f.behind_previous_display ?? f.margin_display)}
              </td>
              <td className="num muted">{f.resolution_s !== null ? `${(f.resolution_s * 1000).toFixed(3)} ms` : ''}</td>
            </tr>
          ))}
          {others.map((o) => (
            <tr
              key={o.competitor}
              data-competitor={o.competitor}
              data-status={o.status}
              className={`unplaced${selectedId === o.competitor ? ' selected' : ''}`}
              onClick={() => selectCompetitor(o.competitor)}
            >
              {readOnly ? null : <td className="pick" />}
              <td className="place status">{o.status === 'unmarked' ? '—' : o.status}</td>
              <td className="bib">{o.competitor}</td>
              <td className="name-cell">
                <span className="name" dir="auto" title={o.name}>
                  {o.name}
                </span>
              </td>
              <td className="num muted">{o.time_display}</td>
              <td className="muted" colSpan={3}>
                {o.status === 'unmarked' ? 'neither mark nor status' : [o.rule ? `rule ${o.rule}` : '', o.reason ?? '', o.by ? `by ${o.by}` : ''].filter(Boolean).join(' · ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {readOnly ? null : <ChecksList checks={r.checks} testId="results-checks" />}
      {!readOnly && finishers.length >= 2 ? (
        <footer className="results-actions">
          {race.deadHeats.length > 0 ? (
            <ActionButton action="withdraw-dead-heat" data-testid="withdraw-dead-heat" title={tooltip('withdraw-dead-heat', 'Withdraw the dead heat the selected finisher is in')}>
              Withdraw dead heat…
            </ActionButton>
          ) : null}
          <ActionButton
            action="declare-dead-heat"
            disabled={pick.length < 2}
            title={tooltip('declare-dead-heat', 'Declare a dead heat between the ticked finishers')}
            data-testid="declare-dead-heat"
          >
            Declare dead heat{pick.length >= 2 ? ` (${pick.length})` : ''}…
          </ActionButton>
          <span className="muted small">
            {pick.length >= 2
              ? `Ticked: ${pick.map((id) => `#${id}`).join(', ')}`
              : finishers.some((f) => f.tie)
                ? 'Tied at the published precision: tick the tied finishers to declare a dead heat, or separate them on the photo.'
                : 'Tick two or more finishers with adjacent places to declare a dead heat.'}
          </span>
        </footer>
      ) : null}
    </section>
  );
}
