/** The head of the set-up and capture screens: title, what it is about, ← Back to the start, and the last failure. */
import type { ReactNode } from 'react';
import { goToStart } from '../session/navigation.js';

export function ScreenHead({ title, children, backDisabled, error }: { title: string; children: ReactNode; backDisabled: boolean; error: string | null }) {
  return (
    <>
      <div className="setup-head">
        <div>
          <h1>{title}</h1>
          <p className="muted">{children}</p>
        </div>
        <button type="button" onClick={goToStart} disabled={backDisabled}>
          <span aria-hidden="true">← </span>Back
        </button>
      </div>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
