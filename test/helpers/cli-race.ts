/**
 * A CLI test's surroundings: its own data folder (PHOTOFINISH_DATA_DIR, restored afterwards) and a fresh race fixture
 * for every test. `race()` is the current fixture; `cli(...argv)` runs `photofinish` in-process.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SportName } from '../../app/domain/race/document.js';
import { runCli } from '../fixtures/cli-capture.js';
import { makeRaceFixture, type RaceFixture } from './race-fixture.js';

export function useCliRace(sport: SportName): { race(): RaceFixture; cli(...argv: string[]): ReturnType<typeof runCli> } {
  let fixture: RaceFixture | null = null;
  let dataDir = '';
  const saved = process.env.PHOTOFINISH_DATA_DIR;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-cli-data-'));
    process.env.PHOTOFINISH_DATA_DIR = dataDir;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
    else process.env.PHOTOFINISH_DATA_DIR = saved;
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fixture = await makeRaceFixture({ sport });
  });
  afterEach(async () => {
    await fixture?.cleanup();
  });
  return {
    race: () => {
      if (!fixture) throw new Error('no race fixture outside a test');
      return fixture;
    },
    cli: (...argv) => runCli(argv),
  };
}
