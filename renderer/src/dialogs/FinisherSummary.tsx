/** The short finisher table dialogs show before an official signs something: place, number, name, flags, time. */
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
            </td>
            <td className="num">{f.time_display}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
