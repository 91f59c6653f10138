import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRequestHandler, rawPathOf, type AppRequestHandler } from '../../../app/electron/app-protocol-handler.js';
import { CONTENT_SECURITY_POLICY } from '../../../app/security/csp.js';
import { RaceRegistry } from '../../../app/service/race-registry.js';

let tmp: string;
let handler: AppRequestHandler;
let raceId: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-proto-'));
  const renderer = path.join(tmp, 'renderer');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>Photofinish</title>');
  await writeFile(path.join(renderer, 'assets', 'index-abc.js'), 'export {}');
  await writeFile(path.join(tmp, 'secret.txt'), 'TOP SECRET');
  await symlink(path.join(tmp, 'secret.txt'), path.join(renderer, 'link-out.txt'));
  await symlink(tmp, path.join(renderer, 'dir-out'));
  const race = path.join(tmp, 'race');
  await mkdir(path.join(race, 'tiles', '0'), { recursive: true });
  await writeFile(path.join(race, 'tiles', '0', '0.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(race, 'race.json'), '{"revision":1}');
  await symlink(path.join(tmp, 'secret.txt'), path.join(race, 'leak.json'));
  const races = new RaceRegistry();
  raceId = await races.register(race);
  handler = createAppRequestHandler({ rendererDir: renderer, races });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));
/** Node's Request normalises `..` like a browser would; build one whose url is exactly the raw text. */
const getRaw = (url: string) => handler({ url, method: 'GET' } as Request);

describe('app:// protocol handler', () => {
  it('serves the renderer with the CSP header, the right content type and cache policy', async () => {
    const page = await get('app://photofinish/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>Photofinish</title>');
    expect((await get('app://photofinish/')).status).toBe(200);
    const js = await get('app://photofinish/assets/index-abc.js?v=1');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('serves files of open races under race-files/<raceId>/', async () => {
    const tile = await get(`app://photofinish/race-files/${raceId}/tiles/0/0.png`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    expect(tile.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(new Uint8Array(await tile.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect((await get(`app://photofinish/race-files/${raceId}/race.json`, 'HEAD')).status).toBe(200);
    expect((await get('app://photofinish/race-files/ffffffffffffffff/race.json')).status).toBe(404);
    expect((await get(`app://photofinish/race-files/${raceId}/tiles`)).status).toBe(404);
  });

  const attacks = [
    '..%2fsecret.txt',
    '..%2f..%2fsecret.txt',
    '%2e%2e/secret.txt',
    '%2e%2e%2fsecret.txt',
    'assets/%2e%2e/%2e%2e/secret.txt',
    '/etc/passwd',
    '%2Fetc%2Fpasswd',
    '//host/share/secret.txt',
    '%2F%2Fhost%2Fshare',
    '..%5csecret.txt',
    'assets%5c..%5c..%5csecret.txt',
    'C:%5cWindows%5cwin.ini',
    'link-out.txt',
    'dir-out/secret.txt',
    'index.html%00.png',
    '%252e%252e/secret.txt',
  ];

  it.each(attacks)('refuses the renderer path %s', async (attack) => {
    const res = await getRaw(`app://photofinish/${attack}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await res.text()).not.toContain('TOP SECRET');
  });

  it.each([...attacks, 'leak.json', 'tiles/..%2f..%2f..%2fsecret.txt'])('refuses the race-file path %s', async (attack) => {
    const res = await getRaw(`app://photofinish/race-files/${raceId}/${attack}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).not.toContain('TOP SECRET');
  });

  it(`refuses absolute paths to a real file given in full`, async () => {
    const res = await getRaw(`app://photofinish/${encodeURIComponent(path.join(tmp, 'secret.txt'))}`);
    expect(res.status).toBe(403);
  });

  it('answers only its own origin and only GET/HEAD', async () => {
    expect(rawPathOf('app://photofinish/a/b?x#y')).toBe('a/b');
    expect(rawPathOf('app://other/index.html')).toBeNull();
    expect(rawPathOf('app://photofinish.evil/index.html')).toBeNull();
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://photofinish/index.html', 'POST')).status).toBe(405);
  });
});
