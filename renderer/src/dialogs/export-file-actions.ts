/**
 * What an exported file's buttons do: Open and Show in folder in the desktop app (the system's viewer, through the
 * typed API), Download in a browser (the bridge sends the file; the page saves it under its own name), and Print
 * for the sheet (a browser opens the PDF in a tab and asks it to print; the desktop app opens it in the PDF viewer,
 * which prints). DOM work lives here, outside the session.
 */
import { rendererApi } from '../api/index.js';
import { showError } from '../session/notices.js';

/** The file's name, from the path the export answered (either separator). */
export const fileName = (p: string) => p.split(/[\\/]/).pop() ?? p;

export async function openExport(raceId: string, file: string, how: 'open' | 'show'): Promise<void> {
  try {
    await rendererApi.api.openExport({ raceId, file, how });
  } catch (err) {
    showError(err);
  }
}

export async function downloadExport(raceId: string, file: string): Promise<void> {
  try {
    const blob = await rendererApi.downloadExport(raceId, fileName(file));
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(file);
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    // The download has its bytes once the click is handled; the URL can go a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    showError(err);
  }
}

/**
 * Prints the sheet (browser mode): the PDF opens in a tab of its own, in the browser's PDF viewer, and its print
 * dialog is asked for. (A hidden frame would be neater, but the page's security policy frames nothing.)
 */
export async function printSheet(raceId: string, file: string): Promise<void> {
  try {
    const blob = await rendererApi.downloadExport(raceId, fileName(file));
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    const tab = window.open(url, '_blank');
    if (!tab) throw new Error('The browser blocked the tab with the sheet: allow pop-ups for this page, or use Download.');
    tab.addEventListener('load', () => tab.print(), { once: true });
    setTimeout(() => URL.revokeObjectURL(url), 300_000);
  } catch (err) {
    showError(err);
  }
}
