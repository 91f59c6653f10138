/**
 * Where the numbered links of a JPEG list go (link-scratch.ts): the user's runtime folder, else /dev/shm, else the
 * temporary folder; a runtime folder that is missing, not absolute or not writable is passed over, never an error.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeLinkScratch } from '../../../../app/imaging/sources/link-scratch.js';

let tmp: string;
const made: string[] = [];
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'pf-link-scratch-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const dir = await makeLinkScratch('pf-test-links-');
  made.push(dir);
  return dir;
}

describe.runIf(process.platform === 'linux')('the links folder on Linux', () => {
  it('is a private folder inside $XDG_RUNTIME_DIR', async () => {
    vi.stubEnv('XDG_RUNTIME_DIR', tmp);
    const dir = await scratch();
    expect(path.dirname(dir)).toBe(tmp);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('passes over a runtime folder that is missing or not absolute, for /dev/shm or the temporary folder', async () => {
    const fallback = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
    for (const runtime of [path.join(tmp, 'gone'), 'relative/run']) {
      vi.stubEnv('XDG_RUNTIME_DIR', runtime);
      expect(path.dirname(await scratch())).toBe(fallback);
    }
  });
});
