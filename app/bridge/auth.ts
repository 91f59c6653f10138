/**
 * Who may talk to the bridge. Every API, event and race-file request carries `Authorization: Bearer <token>`, a
 * per-run random secret only the person who started the bridge has seen. `Host` and `Origin` must name the bridge
 * itself, so a web page that rebinds its own DNS name to 127.0.0.1 cannot reach it even by guessing the port.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 32 random bytes, base64url (43 characters): safe in a URL fragment and a header. */
export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return false;
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Host values under which the bridge answers: its own loopback address and `localhost`, with its port. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/**
 * DNS-rebinding and cross-site defence: the Host header must be the bridge's own; an Origin, where the browser sends
 * one, must be the bridge's own origin; a browser that says the request is cross-site is refused.
 */
export function isSameSiteRequest(req: IncomingMessage, hosts: Set<string>): boolean {
  const host = req.headers.host;
  if (typeof host !== 'string' || !hosts.has(host.toLowerCase())) return false;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (typeof origin !== 'string') return false;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' || !hosts.has(parsed.host.toLowerCase()) || parsed.origin !== origin.toLowerCase()) return false;
  }
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return false;
  return true;
}

/**
 * One-time launch codes. The address handed to a browser on its command line (`serve --open`, `npm start`'s browser
 * fallback) is readable in the process list by every local user, so it carries a code, not the session's token: the
 * page trades the code once (`POST /auth/launch`) for the token and keeps that in memory and sessionStorage. After
 * the first trade, or `ttlMs` unused, the code is dead: the same address in a second browser is refused.
 */
export interface LaunchCodes {
  /** A fresh code. */
  issue(): string;
  /** True (once) for a live code, which is then dead; false for anything else. */
  redeem(code: string): boolean;
}

export const LAUNCH_CODE_TTL_MS = 10 * 60 * 1000;

export function createLaunchCodes(ttlMs = LAUNCH_CODE_TTL_MS, now: () => number = Date.now): LaunchCodes {
  const live = new Map<string, number>();
  return {
    issue() {
      const code = randomBytes(24).toString('base64url');
      live.set(code, now() + ttlMs);
      return code;
    },
    redeem(code) {
      const expires = live.get(code);
      live.delete(code);
      return expires !== undefined && now() <= expires;
    },
  };
}
