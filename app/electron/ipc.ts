/**
 * The desktop transport, main side. One `ipcMain.handle` per API method, generated from `apiMethodNames`; each call
 * must come from the app's own window: its web contents, its main frame (no iframe), on `app://photofinish`.
 * Arguments are validated by `dispatchCall` before the service runs, and every answer is the raw outcome
 * `{ ok, value } | { ok: false, error }` (a thrown Error would lose its code crossing IPC).
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { apiMethodNames } from '../api/contract.js';
import { dispatchCall, type CallOutcome } from '../api/dispatch.js';
import { log, logUnexpected } from '../runtime/log.js';
import type { RunningService } from '../service/create-service.js';
import { apiChannel, EVENT_CHANNEL } from './channels.js';
import { isAppUrl } from './window.js';

export interface IpcOptions {
  running: RunningService;
  /** The app window's web contents, or null while there is none. */
  getWebContents(): WebContents | null;
}

const REFUSED: CallOutcome = { ok: false, error: { code: 'FORBIDDEN', message: 'Call refused: it did not come from the Photofinish window.' } };

/** The sender check, on its own so it is tested directly. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, own: WebContents | null): boolean {
  if (!own || own.isDestroyed() || event.sender !== own) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  const main = own.mainFrame;
  // WebFrameMain objects are cached per frame, but compare the frame's identity too in case a wrapper is rebuilt.
  const isMainFrame =
    frame === main || (Number.isInteger(frame.processId) && frame.processId === main.processId && frame.routingId === main.routingId);
  return isMainFrame && isAppUrl(frame.url);
}

/** Registers every method and forwards service events to the window; returns the function that undoes both. */
export function registerIpc(opts: IpcOptions): () => void {
  const channels: string[] = [];
  for (const name of apiMethodNames) {
    const channel = apiChannel(name);
    ipcMain.handle(channel, async (event, args: unknown) => {
      if (!isTrustedSender(event, opts.getWebContents())) {
        log().warn({ channel, url: event.senderFrame?.url?.slice(0, 200) }, 'IPC call refused: not from the Photofinish window');
        return REFUSED;
      }
      return dispatchCall(opts.running.service, name, args, (err, method) => logUnexpected(err, `ipc ${method}`));
    });
    channels.push(channel);
  }
  const unsubscribe = opts.running.subscribe((event) => {
    const contents = opts.getWebContents();
    if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  });
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
    unsubscribe();
  };
}
