/** `npm start` where the Electron binary was never downloaded: one line pointing to browser mode, exit 1. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('npm start without the Electron binary', () => {
  it('says so in one line, points to npm run web, and exits 1 without building anything', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pf-noelectron-'));
    try {
      // An Electron dist folder with no executable in it stands for "binary never downloaded".
      const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
        cwd: repoRoot,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/Electron runtime is not installed.*npm run web/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
