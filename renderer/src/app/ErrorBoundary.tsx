/**
 * The last line of defence: a component that throws while rendering would otherwise leave a blank window. The
 * official sees one plain line and a way back; the stack goes to the log (Help ▸ Open log folder). The race itself
 * is safe: every change was saved when it was made.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportFailure } from '../session/failure-report.js';

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportFailure('component', error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="app-failed" role="alert" data-testid="app-failed">
        <p>Something went wrong in this window. Every change to the race was saved when it was made; the details are in the log.</p>
        <button type="button" onClick={() => location.reload()}>
          Reload the window
        </button>
      </div>
    );
  }
}
