/** "Move #5 from 0.2013 to 0.1432?": a placement that would move an existing mark waits for this yes (Enter) or no (Esc). */
import { cancelMove, confirmMove, selectPendingMove } from '../session/marks.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

export function MoveMarkDialog() {
  const pending = useSession(selectPendingMove);
  if (!pending) return null;
  const question = `Move #${pending.competitorId} from ${pending.from} to ${pending.to}?`;
  return (
    <Dialog title="Move the mark?" onClose={cancelMove} testId="move-mark-dialog">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void confirmMove();
        }}
      >
        <p data-testid="move-question">{question}</p>
        <p className="muted">#{pending.competitorId} already has a mark. Moving it is one audit entry (Undo puts it back).</p>
        <footer className="dialog-actions">
          <button type="button" onClick={cancelMove}>
            Keep it (Esc)
          </button>
          <button type="submit" className="primary" data-autofocus="" data-testid="confirm-move">
            Move (Enter)
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
