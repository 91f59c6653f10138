/** Export the result sheet (PDF) and data files; shows where each was saved. */
import { useState } from 'react';
import type { ExportResult } from '../../../app/api/types.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../app/errors.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';

const KIND_LABEL: Record<string, string> = {
  pdf: 'Result sheet (PDF)',
  csv: 'Results (CSV)',
  json: 'Results (JSON)',
  lif: 'FinishLynx results (.lif)',
  png: 'Annotated image (PNG)',
};

export function ExportDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const [paper, setPaper] = useState<'A4' | 'Letter'>('A4');
  const [result, setResult] = useState<ExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!race) return null;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await rendererApi.api.exportRace({ raceId: race.raceId, paper }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Export results" onClose={onClose} wide testId="export-dialog">
      <div className="form">
        {!race.certified ? (
          <p className="warning" role="note">
            These results are not certified: the sheet will be marked PROVISIONAL.
          </p>
        ) : null}
        <p>
          Writes the result sheet, CSV, JSON, FinishLynx .lif and the annotated image into the race folder’s <code>exports/</code>.
        </p>
        <label className="inline">
          Paper
          <select value={paper} onChange={(e) => setPaper(e.target.value as 'A4' | 'Letter')}>
            <option>A4</option>
            <option>Letter</option>
          </select>
        </label>
        {error ? <p className="error-text" role="alert">{error}</p> : null}
        {result ? (
          <table className="compact" data-testid="export-result">
            <thead>
              <tr>
                <th>File</th>
                <th>Saved to</th>
                <th className="num">Size</th>
                <th>SHA-256</th>
              </tr>
            </thead>
            <tbody>
              {result.written.map((w) => (
                <tr key={w.path}>
                  <td>{KIND_LABEL[w.kind] ?? w.kind}</td>
                  <td className="path">
                    <code>{w.path}</code>
                  </td>
                  <td className="num">{(w.bytes / 1024).toFixed(1)} KB</td>
                  <td>
                    <code title={w.sha256}>{w.sha256.slice(0, 12)}…</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="button" className="primary" onClick={run} disabled={busy} autoFocus>
            {busy ? 'Exporting…' : result ? 'Export again' : 'Export'}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
