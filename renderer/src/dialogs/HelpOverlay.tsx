/** Keyboard shortcuts (the `?` overlay), listed from the one table the workspace handles. */
import { SHORTCUTS, type Shortcut } from '../app/shortcuts.js';
import { Dialog } from './Dialog.js';

export function HelpOverlay({ onClose }: { onClose(): void }) {
  const groups = [...new Set(SHORTCUTS.map((s) => s.group))];
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} wide className="help" testId="help">
      <div className="help-grid">
        {groups.map((g) => (
          <section key={g}>
            <h3>{g}</h3>
            <dl>
              {SHORTCUTS.filter((s: Shortcut) => s.group === g).map((s) => (
                <div key={s.keys} className="shortcut">
                  <dt>
                    <kbd>{s.keys}</kbd>
                  </dt>
                  <dd>{s.action}</dd>
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
