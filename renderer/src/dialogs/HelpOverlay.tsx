/** Keyboard shortcuts (the `?` overlay), listed from the action registry the key handler runs. */
import { HELP_GROUPS, helpRows } from '../actions/help-rows.js';
import { Dialog } from './Dialog.js';

export function HelpOverlay({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} wide className="help" testId="help">
      <div className="help-grid">
        {HELP_GROUPS.map((g) => (
          <section key={g}>
            <h3>{g}</h3>
            <dl>
              {helpRows(g).map((r) => (
                <div key={r.keys} className="shortcut">
                  <dt>
                    <kbd>{r.keys}</kbd>
                  </dt>
                  <dd>{r.help}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <footer className="dialog-actions">
        <span className="muted">Shortcuts work when no text field has focus.</span>
        <button type="button" className="primary" onClick={onClose} autoFocus>
          Close
        </button>
      </footer>
    </Dialog>
  );
}
