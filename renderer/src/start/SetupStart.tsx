/**
 * Set-up's "Start" choice: how time zero will be found once the race is built (the gun's report in the sound, its
 * flash, or a typed time), or not yet. The Time zero dialog opens with it on the built race, where the official
 * sees what was found and confirms it; nothing is recorded here.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_PLAN, planStart, type StartMethod, type StartPlan } from '../session/start.js';
import { session } from '../session/state.js';

type Choice = 'none' | StartMethod;

export function SetupStart({ disabled, ownSound, source }: { disabled: boolean; ownSound: boolean; source: string }) {
  const [choice, setChoice] = useState<Choice>('none');
  const [plan, setPlan] = useState<StartPlan>(DEFAULT_PLAN);
  useEffect(() => {
    planStart(choice === 'none' ? null : { ...plan, method: choice, source });
  }, [choice, plan, source]);
  // Leaving set-up without building drops the plan; opening the built race (busy, then the workspace) keeps it.
  useEffect(() => () => void (session.get().navigation.busy === null && session.get().navigation.screen.kind !== 'workspace' && planStart(null)), []);
  const field = (key: 'audioPath' | 'distanceM' | 'temperatureC' | 'timeS', label: string, placeholder: string) => (
    <label className="inline">
      {label}
      <input name={`start-${key}`} value={plan[key]} onChange={(e) => setPlan((p) => ({ ...p, [key]: e.target.value }))} placeholder={placeholder} spellCheck={false} />
    </label>
  );
  const radio = (c: Choice, label: string) => (
    <label>
      <input type="radio" name="start" checked={choice === c} onChange={() => setChoice(c)} />
      {label}
    </label>
  );
  return (
    <>
      <h2>Start (time zero)</h2>
      <fieldset className="radios" disabled={disabled} data-testid="setup-start">
        {radio('none', 'Not now: times stay on the footage clock')}
        {radio('audio', 'The gun’s report in the sound')}
        {choice === 'audio' ? (
          <div className="sub">
            {field('audioPath', 'Audio file…', ownSound ? 'empty: the video’s own sound' : 'the sound recorded with the frames')}
            {field('distanceM', 'Start to microphone (m)', 'e.g. 100')}
            {field('temperatureC', 'Air (°C)', '20')}
          </div>
        ) : null}
        {radio('flash', 'The gun’s flash in the picture')}
        {radio('typed', 'A typed time')}
        {choice === 'typed' ? <div className="sub">{field('timeS', 'Time zero on the footage clock (s)', 'e.g. 12.3456')}</div> : null}
      </fieldset>
      {choice !== 'none' ? <p className="muted small">After the build, the race opens with what was found, for you to confirm.</p> : null}
    </>
  );
}
