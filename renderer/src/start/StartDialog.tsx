/**
 * Time zero: the gun's report in the sound (less the sound's travel from the start), its flash in the picture, or
 * a typed time. The engine finds the signal and shows it (the waveform with the onset, or the flash frame beside
 * the one before); the official confirms it, and every time of the race is then a race time. Also where a
 * zero-control report is attached and time zero cleared.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { StartProposal } from '../../../app/domain/start/start-proposal.js';
import { startLine, zeroControlLine } from '../../../app/domain/start/start-text.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { Dialog } from '../dialogs/Dialog.js';
import { selectNativeDialogs } from '../session/navigation.js';
import { selectNotices, showNotice } from '../session/notices.js';
import { selectRace } from '../session/race.js';
import { attachZeroControl, clearStart, confirmStart, DEFAULT_PLAN, planStart, startArgs, waitingStartPlan, type StartPlan } from '../session/start.js';
import { useSession } from '../session/state.js';
import { FlashFrames } from './FlashFrames.js';
import { WaveformView } from './WaveformView.js';

export function StartDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const native = useSession(selectNativeDialogs);
  const failure = useSession(selectNotices).error;
  // Read while rendering, taken (cleared from the session) after: clearing it here would update the Start chip,
  // another component, in the middle of this one's render.
  const [fromSetup] = useState(waitingStartPlan);
  const [plan, setPlan] = useState<StartPlan>(() => fromSetup ?? { ...DEFAULT_PLAN, method: race?.evidence.source.kind === 'video' ? 'audio' : 'flash' });
  const [proposal, setProposal] = useState<StartProposal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState('');

  const find = async () => {
    if (!race || plan.method === 'typed') return;
    setBusy(plan.method === 'audio' ? 'Listening for the gun’s report…' : 'Looking for the flash…');
    setError(null);
    try {
      const { method, ...rest } = startArgs(plan) as { method: 'audio' | 'flash'; audioPath?: string; distanceM?: string; temperatureC?: string };
      setProposal(await rendererApi.api.findStart({ raceId: race.raceId, method, ...rest }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };
  // A plan chosen in set-up is looked for at once: the official only has to look and confirm.
  useEffect(() => {
    if (fromSetup) planStart(null);
    if (fromSetup && fromSetup.method !== 'typed') void find();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the plan set-up left
  }, []);

  if (!race) return null;
  const readOnly = race.certified !== null;
  const edit = (patch: Partial<StartPlan>) => {
    setPlan((p) => ({ ...p, ...patch }));
    setProposal(null);
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (plan.method !== 'typed' && !proposal) return void find();
    setBusy('Recording time zero…');
    const ok = await confirmStart(plan);
    setBusy(null);
    if (ok) {
      showNotice('Time zero set: every time is now a race time.');
      onClose();
    }
  };
  const pickAudio = async () => {
    const { path } = await rendererApi.api.pickPath({ purpose: 'audio' });
    if (path) edit({ audioPath: path });
  };
  const zc = zeroControlLine(race.results.zero_control);
  const ready = plan.method === 'typed' ? plan.timeS.trim() !== '' : proposal !== null;

  return (
    <Dialog title="Time zero (the start signal)" onClose={onClose} wide testId="start-dialog">
      <form className="form start-form" onSubmit={confirm}>
        <p data-testid="start-now">
          <strong>Now:</strong> {startLine(race.results.start)}
        </p>
        {zc ? <p className="muted small">{zc}</p> : null}
        {readOnly ? <p className="alert">The race is certified: use Amend to change its time zero.</p> : null}
        <fieldset className="radios start-methods" disabled={readOnly || busy !== null}>
          <legend>Find time zero from</legend>
          {(['audio', 'flash', 'typed'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="start-method" checked={plan.method === m} onChange={() => edit({ method: m })} />
              {m === 'audio' ? 'The gun’s report in the sound' : m === 'flash' ? 'The gun’s flash in the picture' : 'A typed time'}
            </label>
          ))}
        </fieldset>
        {plan.method === 'audio' ? (
          <fieldset className="fields start-audio" disabled={readOnly || busy !== null}>
            <label>
              Audio file…
              <span className="row">
                <input name="audio" value={plan.audioPath} onChange={(e) => edit({ audioPath: e.target.value })} placeholder={race.evidence.source.kind === 'video' ? 'empty: the video’s own sound track' : 'the sound recorded with the frames'} spellCheck={false} />
                {native ? (
                  <button type="button" onClick={() => void pickAudio()}>
                    Choose…
                  </button>
                ) : null}
              </span>
            </label>
            <label>
              Start to microphone (m)
              <input name="distance" value={plan.distanceM} onChange={(e) => edit({ distanceM: e.target.value })} inputMode="decimal" placeholder="e.g. 100" />
            </label>
            <label>
              Air temperature (°C)
              <input name="temperature" value={plan.temperatureC} onChange={(e) => edit({ temperatureC: e.target.value })} inputMode="decimal" placeholder="20 (±5 °C)" />
            </label>
          </fieldset>
        ) : null}
        {plan.method === 'audio' && plan.distanceM.trim() === '' ? (
          <p className="muted small">Without the distance the sound delay is not corrected: the report reaches a finish-line microphone 0.29 s after the gun over 100 m.</p>
        ) : null}
        {plan.method === 'flash' ? <p className="muted small">The first frame in which the whole picture brightens abruptly; time zero lies between it and the frame before.</p> : null}
        {plan.method === 'typed' ? (
          <label>
            Time zero on the footage clock (s), e.g. from the start system’s log
            <input name="time-zero" value={plan.timeS} onChange={(e) => edit({ timeS: e.target.value })} inputMode="decimal" disabled={readOnly} autoFocus />
          </label>
        ) : null}
        {proposal ? (
          <div className="start-found" data-testid="start-found">
            {proposal.audio ? <WaveformView audio={proposal.audio} zeroS={proposal.start.time_s} /> : null}
            {proposal.flash ? <FlashFrames raceId={race.raceId} flash={proposal.flash} /> : null}
            <p>
              <strong>Found:</strong> {startLine(proposal.start)}
              {proposal.audio ? <span className="muted"> The report rises {proposal.audio.rise_db} dB over the sound before it ({proposal.audio.codec}, {proposal.audio.sample_rate} Hz).</span> : null}
            </p>
          </div>
        ) : null}
        {busy ? <p className="loading">{busy}</p> : null}
        {error || failure ? <p className="error-text" role="alert">{error ?? failure}</p> : null}
        <footer className="dialog-actions">
          {race.results.start?.method ? (
            <button type="button" className="danger" disabled={readOnly || busy !== null} onClick={() => void clearStart().then((ok) => ok && onClose())}>
              Clear time zero
            </button>
          ) : null}
          <span className="spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {plan.method !== 'typed' ? (
            <button type="button" onClick={() => void find()} disabled={readOnly || busy !== null} data-testid="start-find">
              {proposal ? 'Find again' : 'Find the signal'}
            </button>
          ) : null}
          <button type="submit" className="primary" disabled={readOnly || busy !== null || !ready} data-testid="start-confirm">
            Confirm as time zero
          </button>
        </footer>
        <details className="zero-control">
          <summary>Zero-control test report</summary>
          <p className="muted small">The report written by the zero-control test of this camera and session (flash and report fired at the finish line).</p>
          <span className="row">
            <input name="zero-control" value={report} onChange={(e) => setReport(e.target.value)} placeholder="/meet/zero-control.json" spellCheck={false} disabled={readOnly} />
            <button type="button" disabled={readOnly || report.trim() === ''} onClick={() => void attachZeroControl(report).then((ok) => ok && showNotice('Zero-control report attached.'))}>
              Attach
            </button>
          </span>
        </details>
      </form>
    </Dialog>
  );
}
