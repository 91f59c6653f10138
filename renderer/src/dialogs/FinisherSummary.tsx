/**
 * The short finisher table dialogs show before an official signs something: place, number, name, flags, published
 * time and margin behind the one ahead, all the result's own (none between dead-heaters).
 */
import type { FinisherResult } from '../../../app/api/types.js';

export function FinisherSummary({ finishers, placeHeading = 'Place' }: { finishers: readonly FinisherResult[]; placeHeading?: string }) {
  return (
    <table className="compact">
      <thead>
        <tr>
          <th>{placeHeading}</th>
          <th>No.</th>
          <th>Name</th>
          <th className="num">Time</th>
          <th className="num">Margin</th>
        </tr>
      </thead>
      <tbody>
        {finishers.map((f) => (
          <tr key={f.competitor}>
            <td>{f.place}</td>
            <td>{f.competitor}</td>
            <td>
              {f.name}
              {f.typed ? <span className="badge typed">typed</span> : null}
              {f.dead_heat ? <span className="badge dh">DH</span> : null}
              {f.hand ? <span className="badge typed">hand</span> : null}
              {(f.notes ?? []).map((n) => (
                <span key={n} className="badge note">
                  {n}
                </span>
              ))}
            </td>
            <td className="num">{f.time_display}</td>
            <td className="num" data-testid="summary-margin">
              {f.behind_previous_display ?? f.margin_display}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
