/**
 * Browser mode's sign-in: `photofinish serve` prints (and `--open` hands the browser) `http://127.0.0.1:<port>/#code=
 * <one-time code>`. The page trades the code once for the session's token (`POST auth/launch`); the code is then
 * dead, so the browser's command line in the process list gives nothing, and a second browser is refused. The
 * tests' in-process browsers open `#token=<secret>` directly. Either fragment never reaches a server or a Referer;
 * the token goes into sessionStorage (this tab only, gone when it closes) and the fragment is cleared from the
 * address bar so it is not left in history or a screenshot.
 */
const STORAGE_KEY = 'photofinish.bridgeToken';

/** The parts of `window` this needs (structural, so it is tested without a DOM). */
export interface TokenPage {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

const keep = (page: TokenPage, token: string) => {
  try {
    page.sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage can be disabled; the token still works for this page load.
  }
};

/** Removes `name` from the fragment in the address bar, leaving the rest. */
const clearFromAddress = (page: TokenPage, params: URLSearchParams, name: string) => {
  params.delete(name);
  const rest = params.toString();
  page.history.replaceState(page.history.state, '', `${page.location.pathname}${page.location.search}${rest ? `#${rest}` : ''}`);
};

/**
 * The token for this page: a `#code=` traded once through `trade` (a reload of the same tab, whose code is dead,
 * keeps the token it stored), else what takeBridgeToken finds.
 */
export async function signInBridge(page: TokenPage, trade: (code: string) => Promise<string | null>): Promise<string | null> {
  const params = new URLSearchParams(page.location.hash.replace(/^#/, ''));
  const code = params.get('code');
  if (!code) return takeBridgeToken(page);
  clearFromAddress(page, params, 'code');
  const token = await trade(code).catch(() => null);
  if (token) {
    keep(page, token);
    return token;
  }
  return takeBridgeToken(page);
}

export function takeBridgeToken(page: TokenPage): string | null {
  const params = new URLSearchParams(page.location.hash.replace(/^#/, ''));
  const fromUrl = params.get('token');
  if (fromUrl) {
    keep(page, fromUrl);
    clearFromAddress(page, params, 'token');
    return fromUrl;
  }
  try {
    return page.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The bridge's trade of a launch code for the token (relative URL: the bridge that served this page). */
export async function tradeLaunchCode(code: string): Promise<string | null> {
  const res = await fetch('auth/launch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
  return typeof body?.token === 'string' ? body.token : null;
}
