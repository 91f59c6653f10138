/**
 * The start list edited in place: a table of the competitors (id, name, team or club, lane and the sport's own
 * columns), rows added, changed and removed, rows pasted from a spreadsheet (tab-separated), or a file imported
 * after a preview of what it changes. Saving is one audited change; a certified race shows the table read-only.
 */
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import type { StartListPreview } from '../../../app/domain/start-list/start-list-diff.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { selectNativeDialogs } from '../session/navigation.js';
import { importStartList, saveStartList, selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { StartListField } from '../setup/StartListField.js';
import { competitorOf, emptyRow, mergeRow, FIELD_LABEL, pastedRows, rowOf, SPORT_FIELDS, type Field, type Row } from '../panels/start-list-rows.js';
import { Dialog } from './Dialog.js';

export function StartListDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const native = useSession(selectNativeDialogs);
  const [rows, setRows] = useState<Row[]>(() => (race?.competitors ?? []).map(rowOf));
  const [problem, setProblem] = useState<string | null>(null);
  const [file, setFile] = useState('');
  const [event, setEvent] = useState('');
  const [preview, setPreview] = useState<StartListPreview | null>(null);
  const [busy, setBusy] = useState(false);
  if (!race) return null;
  const fields = SPORT_FIELDS[race.sport.sport];
  const readOnly = race.certified !== null;

  const edit = (i: number, f: Field, value: string) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, [f]: value } : r)));
  // Pasted rows fill in the rows with the same number (cells left empty keep what was there) and add the others.
  const paste = (e: ClipboardEvent) => {
    const text = e.clipboardData.getData('text/plain');
    if (!text.includes('\t') && !text.includes('\n')) return;
    e.preventDefault();
    const pasted = pastedRows(text, fields).filter((r) => r.id.trim());
    setRows((rs) => {
      const byId = new Map(pasted.map((r) => [r.id.trim(), r]));
      const kept = rs.filter((r) => r.id.trim()).map((r) => mergeRow(r, byId.get(r.id.trim())));
      return [...kept, ...pasted.filter((p) => !rs.some((r) => r.id.trim() === p.id.trim()))];
    });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const filled = rows.filter((r) => Object.values(r).some((v) => v.trim()));
    const missing = filled.findIndex((r) => !r.id.trim());
    if (missing >= 0) return setProblem(`Row ${missing + 1} has no number.`);
    setBusy(true);
    const ok = await saveStartList(filled.map((r) => competitorOf(r, race.competitors.find((c) => c.id === r.id.trim()))));
    setBusy(false);
    if (ok) onClose();
  };
  const showPreview = async () => {
    setProblem(null);
    try {
      setPreview(await rendererApi.api.previewStartList({ raceId: race.raceId, path: file.trim(), ...(event ? { event } : {}) }));
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  const importFile = async () => {
    if (await importStartList(file, /\.evt$/i.test(file.trim()) ? event : undefined)) onClose();
  };

  return (
    <Dialog title="Start list" onClose={onClose} wide testId="start-list-dialog">
      <form className="form" onSubmit={save}>
        <p className="hint">
          {readOnly
            ? 'Certified — read-only. Amend the race to change its start list.'
            : 'Type in the table, or paste rows copied from a spreadsheet (a header row is recognised). Saving is one entry in the audit log.'}
        </p>
        <div className="table-scroll">
          <table className="compact start-list-table" data-testid="start-list-table" onPaste={paste}>
            <thead>
              <tr>
                {fields.map((f) => (
                  <th key={f}>{FIELD_LABEL[f]}</th>
                ))}
                <th>
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-row={i}>
                  {fields.map((f) => (
                    <td key={f}>
                      <input
                        value={r[f]}
                        onChange={(e) => edit(i, f, e.target.value)}
                        aria-label={`${FIELD_LABEL[f]}, row ${i + 1}`}
                        name={`${f}-${i}`}
                        disabled={readOnly}
                        size={f === 'name' || f === 'team' || f === 'club' || f === 'jockey' || f === 'trainer' ? 18 : 5}
                      />
                    </td>
                  ))}
                  <td>
                    <button type="button" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))} disabled={readOnly} aria-label={`Remove row ${i + 1}${r.id ? ` (#${r.id})` : ''}`}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {problem ? <p className="error-text" role="alert">{problem}</p> : null}
        {!readOnly ? (
          <fieldset className="import-file">
            <legend>Import a file (FinishLynx .evt/.ppl or CSV)</legend>
            <StartListField path={file} onPath={(p) => (setFile(p), setPreview(null))} event={event} onEvent={(key) => (setEvent(key), setPreview(null))} native={native} />
            <button type="button" onClick={() => void showPreview()} disabled={!file.trim()} data-testid="preview-import">
              Preview
            </button>
            {preview ? (
              <div data-testid="import-preview">
                <p>
                  {preview.added.length} added, {preview.changed.length} changed, {preview.removed.length} removed, {preview.unchanged} unchanged.
                </p>
                <ul className="compact-list">
                  {preview.added.map((c) => (
                    <li key={`a${c.id}`}>+ #{c.id} {c.name}</li>
                  ))}
                  {preview.changed.map((c) => (
                    <li key={`c${c.after.id}`}>
                      ~ #{c.after.id} {c.fields.join(', ')}
                    </li>
                  ))}
                  {preview.removed.map((c) => (
                    <li key={`r${c.id}`}>− #{c.id} {c.name}</li>
                  ))}
                </ul>
                <button type="button" className="primary" onClick={() => void importFile()} data-testid="confirm-import">
                  Import this file
                </button>
              </div>
            ) : null}
          </fieldset>
        ) : null}
        <footer className="dialog-actions">
          <button type="button" onClick={() => setRows((rs) => [...rs, emptyRow()])} disabled={readOnly} data-testid="add-competitor">
            Add competitor
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={readOnly || busy} data-testid="save-start-list">
            {busy ? 'Saving…' : 'Save start list'}
          </button>
        </footer>
      </form>
    </Dialog>
  );
}
