/**
 * Sends the renderer's failures to the Node side's log file through the API (the page has no log of its own that
 * a support desk could read): uncaught errors, unhandled rejections and components that threw. At most
 * MAX_REPORTS a page, so a failure repeating in a loop cannot flood the log; reporting itself never throws.
 */
import { rendererApi } from '../api/index.js';

const MAX_REPORTS = 20;
let sent = 0;

export type FailureKind = 'error' | 'unhandledrejection' | 'component';

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

export function reportFailure(kind: FailureKind, failure: unknown, componentStack?: string): void {
  if (sent >= MAX_REPORTS) return;
  sent += 1;
  const err = failure instanceof Error ? failure : null;
  const message = err ? `${err.name}: ${err.message}` : String(failure);
  const report = {
    kind,
    message: clip(message, 2000) ?? '',
    stack: clip(err?.stack, 20_000),
    componentStack: clip(componentStack, 20_000),
    url: clip(typeof location === 'undefined' ? undefined : location.pathname, 2000),
  };
  // Nothing more can be done if the service is gone too; the failure was already shown to the user.
  rendererApi.api.reportRendererFailure(report).catch(() => undefined);
}

/** Uncaught errors and unhandled rejections of the page, reported as they happen. */
export function reportUncaughtFailures(target: Window): void {
  target.addEventListener('error', (e: ErrorEvent) => reportFailure('error', e.error ?? e.message));
  target.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => reportFailure('unhandledrejection', e.reason));
}
