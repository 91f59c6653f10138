/** "Open a meet" on the start screen: a meet folder (made with photofinish meet init) opens the Meet screen. */
import { useState, type FormEvent } from 'react';
import { openMeetScreen } from '../session/navigation.js';

export function OpenMeet() {
  const [path, setPath] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (path.trim()) openMeetScreen(path.trim());
  };
  return (
    <section className="card">
      <h2>Open a meet</h2>
      <form onSubmit={submit} className="form open-form">
        <label>
          Meet folder
          <input name="meet" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/meets/city-games" spellCheck={false} data-testid="meet-path" />
        </label>
        <p className="muted small">The schedule comes from the meet software’s lynx.sch and lynx.evt; results go back to it on every save.</p>
        <button type="submit" className="primary" disabled={!path.trim()} data-testid="open-meet">
          Open a meet
        </button>
      </form>
    </section>
  );
}
