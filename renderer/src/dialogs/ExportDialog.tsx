/** Export the result sheet (PDF) and data files; shows where each was saved. */
import { useState } from 'react';
import type { ExportResult } from '../../../app/api/types.js';
import { exportOpenRace } from '../session/certification.js';
import { messageOf } from '../session/errors.js';
import { appErrorText } from '../errors/hints.js';
import { selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { Dialog } from './Dialog.js';
import { selectNativeDialogs } from '../session/navigation.js';
import { downloadExport, fileName, openExport, printSheet } from './export-file-actions.js';

const KIND_LABEL: Record<string, string> = {
  pdf: 'Result sheet (PDF)',
  csv: 'Results (CSV)',
  json: 'Results (JSON)',
  lif: 'FinishLynx results (.lif)',
  png: 'Annotated image (PNG)',
  photo: 'Picture to post (JPEG)',
};

/** Open / Show in folder (desktop) or Download (browser), and Print for the sheet. */
function FileActions({ raceId, file, kind, desktop }: { raceId: string; file: string; kind: string; desktop: boolean }) {
  const name = fileName(file);
  return (
    <>
      {desktop ? (
        <>
          <button type="button" onClick={() => void openExport(raceId, file, 'open')} aria-label={`Open ${name}`}>
            Open
          </button>
          <button type="button" onClick={() => void openExport(raceId, file, 'show')} aria-label={`Show ${name} in folder`}>
            Show in folder
          </button>
        </>
      ) : (
        <button type="button" onClick={() => void downloadExport(raceId, file)} aria-label={`Download ${name}`} data-testid="download">
          Download
        </button>
      )}
      {kind === 'pdf' ? (
        <button
          type="button"
          onClick={() => void (desktop ? openExport(raceId, file, 'open') : printSheet(raceId, file))}
          aria-label={`Print ${name}`}
          title={desktop ? 'Opens the sheet in your PDF viewer, to print from there' : 'Print the result sheet'}
          data-testid="print"
        >
          Print
        </button>
      ) : null}
    </>
  );
}

export function ExportDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const desktop = useSession(selectNativeDialogs);
  const [paper, setPaper] = useState<'A4' | 'Letter'>('A4');
  const [photo, setPhoto] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A file the export would replace that it did not write itself: the official confirms by name first. */
  const [confirmFile, setConfirmFile] = useState<string | null>(null);
  if (!race) return null;
  // Files written into the race's own exports/ (not a chosen folder) are the ones the buttons can reach.
  const inRaceExports = (p: string) => p.replace(/\\/g, '/').startsWith(`${race.path.replace(/\\/g, '/')}/exports/`);

  const run = async (overwrite = false) => {
    setBusy(true);
    setError(null);
    setConfirmFile(null);
    try {
      setResult(await exportOpenRace({ paper, overwrite, photo }));
    } catch (err) {
      const { hint, facts } = err as { hint?: unknown; facts?: { file?: unknown } };
      if (hint === 'replace-file' && typeof facts?.file === 'string') setConfirmFile(facts.file);
      else setError(messageOf(err));
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
        <label className="inline">
          <input type="checkbox" checked={photo} onChange={(e) => setPhoto(e.target.checked)} />
          Also a picture to post (JPEG, 2048 px: the image, the enlargement of the decisive finish and a caption; caption and
          result also inside the file for newsrooms’ tools)
        </label>
        {error ? <p className="error-text" role="alert">{error}</p> : null}
        {confirmFile ? (
          <div className="warning" role="alertdialog" aria-label="Replace file?" data-testid="export-confirm-replace">
            <p>
              <code>{confirmFile}</code> already exists and was not written by an export of this race. Replace it?
            </p>
            <button type="button" onClick={() => setConfirmFile(null)}>
              Keep it
            </button>{' '}
            <button type="button" className="primary danger" onClick={() => void run(true)} disabled={busy}>
              Replace
            </button>
          </div>
        ) : null}
        {result ? (
          <table className="compact" data-testid="export-result">
            <thead>
              <tr>
                <th>File</th>
                <th>Saved to</th>
                <th className="num">Size</th>
                <th>SHA-256</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
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
                  <td className="file-actions" data-testid="export-file-actions">
                    {inRaceExports(w.path) ? <FileActions raceId={race.raceId} file={w.path} kind={w.kind} desktop={desktop} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {result?.skipped?.map((s) => (
          // A file of the set not written (a .lif without the event's number), with the remedy in the app's words.
          <p key={s.kind} className="warning" role="note" data-testid="export-skipped">
            {KIND_LABEL[s.kind] ?? s.kind} not written: {appErrorText(s.message, s.hint)}
          </p>
        ))}
        {result?.written
          .filter((w) => w.fields?.length)
          .map((w) => (
            <div key={`${w.path}-fields`} data-testid="photo-fields">
              <p className="hint">Caption written into the picture (as photo tools name the fields):</p>
              <dl className="photo-fields">
                {w.fields?.map((f) => (
                  <div key={f.name}>
                    <dt>{f.name}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        <footer className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="button" className="primary" onClick={() => void run()} disabled={busy} data-autofocus="">
            {busy ? 'Exporting…' : result ? 'Export again' : 'Export'}
          </button>
        </footer>
      </div>
    </Dialog>
  );
}
