import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBridge, type RunningBridge } from '../../../app/bridge/server.js';
import { CONTENT_SECURITY_POLICY } from '../../../app/security/csp.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';

let tmp: string;
let running: RunningService;
let bridge: RunningBridge;
let raceId: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-bridge-'));
  const renderer = path.join(tmp, 'renderer');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
  await writeFile(path.join(renderer, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(tmp, 'secret.txt'), 'TOP SECRET');
  await symlink(path.join(tmp, 'secret.txt'), path.join(renderer, 'escape.txt'));
  const race = path.join(tmp, 'race');
  await mkdir(path.join(race, 'tiles', '0'), { recursive: true });
  await writeFile(path.join(race, 'tiles', '0', '3.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await symlink(path.join(tmp, 'secret.txt'), path.join(race, 'leak.txt'));

  running = createService({ shell: 'browser', dataDir: path.join(tmp, 'data'), startup: { kind: 'demo' } });
  raceId = await running.context.races.register(race);
  bridge = await startBridge({ running, rendererDir: renderer });
});

afterAll(async () => {
  await bridge?.close();
  await rm(tmp, { recursive: true, force: true });
});

const auth = () => ({ Authorization: `Bearer ${bridge.token}` });
const call = (name: string, body: unknown, headers: Record<string, string> = auth()) =>
  fetch(`${bridge.origin}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Raw request, for headers fetch will not let a caller forge (Host) and paths it would normalise. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: bridge.port, path: pathname, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP bridge', () => {
  it('listens on 127.0.0.1 only, on a random port, with a 32-byte token in the URL fragment', () => {
    expect(bridge.origin).toBe(`http://127.0.0.1:${bridge.port}`);
    expect(bridge.port).toBeGreaterThan(0);
    expect(Buffer.from(bridge.token, 'base64url')).toHaveLength(32);
    expect(bridge.url).toBe(`${bridge.origin}/#token=${bridge.token}`);
  });

  it('refuses to listen anywhere but 127.0.0.1', async () => {
    await expect(startBridge({ running, rendererDir: tmp, host: '0.0.0.0' })).rejects.toThrow(/127\.0\.0\.1 only/);
    await expect(startBridge({ running, rendererDir: tmp, host: '::' })).rejects.toThrow(/127\.0\.0\.1 only/);
  });

  it('a real call round-trips through dispatch', async () => {
    const res = await call('getAppInfo', {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; value: { shell: string; startup: unknown } };
    expect(body.ok).toBe(true);
    expect(body.value.shell).toBe('browser');
    expect(body.value.startup).toEqual({ kind: 'demo' });
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers 401 without a token or with a wrong one, and never runs the service', async () => {
    const spy = vi.spyOn(running.service, 'getAppInfo');
    expect((await call('getAppInfo', {}, {})).status).toBe(401);
    expect((await call('getAppInfo', {}, { Authorization: `Bearer ${'x'.repeat(43)}` })).status).toBe(401);
    expect((await call('getAppInfo', {}, { Authorization: bridge.token })).status).toBe(401);
    expect((await fetch(`${bridge.origin}/api/events`)).status).toBe(401);
    expect((await fetch(`${bridge.origin}/race-files/${raceId}/tiles/0/3.png`)).status).toBe(401);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('answers 404 for names that are not API methods, including Object.prototype ones', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'noSuchMethod', '%5F%5Fproto%5F%5F']) {
      const res = await call(name, {});
      expect(res.status, name).toBe(404);
      const body = (await res.json()) as { ok: boolean; error: { code: string } };
      expect(body).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('rejects bad arguments with 400 before the service runs', async () => {
    const spy = vi.spyOn(running.service, 'closeRace');
    const res = await call('closeRace', { raceId: 42 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_ARGUMENT');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('accepts only POST with JSON for API calls, and limits the body size', async () => {
    expect((await fetch(`${bridge.origin}/api/getAppInfo`, { headers: auth() })).status).toBe(405);
    const form = await fetch(`${bridge.origin}/api/getAppInfo`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(415);
    const big = await call('getAppInfo', { pad: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
  });

  it('refuses foreign Host and Origin headers (DNS rebinding, cross-site pages)', async () => {
    const good = await raw('/', { Host: `127.0.0.1:${bridge.port}` });
    expect(good.status).toBe(200);
    expect((await raw('/', { Host: `evil.example:${bridge.port}` })).status).toBe(403);
    const cross = await raw('/api/getAppInfo', { Host: `127.0.0.1:${bridge.port}`, Origin: 'http://evil.example', ...auth() }, 'POST');
    expect(cross.status).toBe(403);
    const site = await raw('/api/getAppInfo', { Host: `127.0.0.1:${bridge.port}`, 'Sec-Fetch-Site': 'cross-site', ...auth() }, 'POST');
    expect(site.status).toBe(403);
  });

  it('serves the renderer with the strict CSP and security headers, and keeps it contained', async () => {
    const page = await fetch(`${bridge.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${bridge.origin}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const attack of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '//etc/passwd', '/%2Fetc%2Fpasswd', '/..%5csecret.txt', '/escape.txt', `/${encodeURIComponent(path.join(tmp, 'secret.txt'))}`]) {
      const res = await raw(attack, { Host: `127.0.0.1:${bridge.port}` });
      expect(res.status, attack).toBeGreaterThanOrEqual(400);
      expect(res.body, attack).not.toContain('TOP SECRET');
    }
    expect((await raw('/missing.js', { Host: `127.0.0.1:${bridge.port}` })).status).toBe(404);
    // Browsers fetch /favicon.ico unasked; without one in the bundle that must not be a console error (404).
    expect((await fetch(`${bridge.origin}/favicon.ico`)).status).toBe(204);
  });

  it('serves race files of open races only, contained, with content type and cache validators', async () => {
    const res = await fetch(`${bridge.origin}/race-files/${raceId}/tiles/0/3.png`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const etag = res.headers.get('etag') ?? '';
    expect((await fetch(`${bridge.origin}/race-files/${raceId}/tiles/0/3.png`, { headers: { ...auth(), 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${bridge.origin}/race-files/0123456789abcdef/tiles/0/3.png`, { headers: auth() })).status).toBe(404);
    for (const attack of ['leak.txt', '..%2fsecret.txt', '%2e%2e/secret.txt', 'tiles/..%2f..%2fsecret.txt', '%2Fetc%2Fpasswd']) {
      const r = await raw(`/race-files/${raceId}/${attack}`, { Host: `127.0.0.1:${bridge.port}`, ...auth() });
      expect(r.status, attack).toBeGreaterThanOrEqual(400);
      expect(r.body, attack).not.toContain('TOP SECRET');
    }
  });

  it('pushes service events over SSE to a bearer-authenticated stream', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${bridge.origin}/api/events`, { headers: auth(), signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    text += decoder.decode((await reader.read()).value);
    expect(text).toContain('retry:');
    running.context.emit({ type: 'race-changed', raceId: 'abc', revision: 7, auditCount: 8 });
    while (!text.includes('"race-changed"')) text += decoder.decode((await reader.read()).value);
    const data = text.split('\n').find((l) => l.startsWith('data: '));
    expect(JSON.parse(data!.slice(6))).toEqual({ type: 'race-changed', raceId: 'abc', revision: 7, auditCount: 8 });
    ctrl.abort();
  });

  it('reports a busy port in one line', async () => {
    await expect(startBridge({ running, rendererDir: path.join(tmp, 'renderer'), port: bridge.port })).rejects.toThrow(
      new RegExp(`Port ${bridge.port} .* already in use`),
    );
  });

  it('says to build the renderer when its folder has no index.html', async () => {
    await expect(startBridge({ running, rendererDir: path.join(tmp, 'race') })).rejects.toThrow(/run npm run build:renderer/);
  });
});
