/**
 * Browser mode's sign-in: `photofinish serve` prints `http://127.0.0.1:<port>/#token=<secret>`. The fragment never
 * reaches a server or a Referer; on start the renderer moves the token into sessionStorage (this tab only, gone when
 * it closes) and clears it from the address bar so it is not left in history or a screenshot.
 */
const STORAGE_KEY = 'photofinish.bridgeToken';

/** The parts of `window` this needs (structural, so it is tested without a DOM). */
export interface TokenPage {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export function takeBridgeToken(page: TokenPage): string | null {
  const params = new URLSearchParams(page.location.hash.replace(/^#/, ''));
  const fromUrl = params.get('token');
  if (fromUrl) {
    try {
      page.sessionStorage.setItem(STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the token still works for this page load.
    }
    params.delete('token');
    const rest = params.toString();
    page.history.replaceState(page.history.state, '', `${page.location.pathname}${page.location.search}${rest ? `#${rest}` : ''}`);
    return fromUrl;
  }
  try {
    return page.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
