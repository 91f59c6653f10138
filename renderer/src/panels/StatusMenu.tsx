/**
 * The status menu of a start-list row: DNS and DNF are recorded at once (audited, undoable); DQ asks for the rule
 * and the reason; "—" clears the status.
 */
import { statusesFor, type CompetitorStatus, type StatusName } from '../../../app/domain/race/status.js';
import { clearStatus, openStatusDialog, setStatus } from '../session/record.js';
import { selectCompetitor } from '../session/selection.js';

export function StatusMenu({ id, status, disabled, sport }: { id: string; status: CompetitorStatus | undefined; disabled: boolean; sport: string }) {
  const choose = (value: string) => {
    if (value === '') return void clearStatus(id);
    if (value === 'DQ') {
      // A disqualification names the rule: the status dialog asks for it (and the reason).
      selectCompetitor(id);
      return openStatusDialog('DQ');
    }
    void setStatus(id, value as StatusName);
  };
  return (
    <select
      className={`status-menu${status ? ' set' : ''}`}
      aria-label={`Status of #${id}`}
      data-testid="status-menu"
      value={status?.status ?? ''}
      disabled={disabled}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onChange={(e) => choose(e.target.value)}
      title={status ? `${status.status}${status.rule ? ` (${status.rule})` : ''}${status.reason ? `: ${status.reason}` : ''}, by ${status.by}` : `Status: ${statusesFor(sport).map((k) => k.code).join(', ')}`}
    >
      <option value="">—</option>
      {statusesFor(sport).map((k) => (
        <option key={k.code} value={k.code} title={k.word}>
          {k.code === 'DQ' ? 'DQ…' : k.code}
        </option>
      ))}
    </select>
  );
}
