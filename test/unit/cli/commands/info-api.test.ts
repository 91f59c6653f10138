/**
 * Issue 26 item 5: `photofinish info` asks the service API for everything it prints (the race, its manifest, its
 * column times), as the app does, instead of reading race.json and the evidence files itself.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../app/api/client.js';
import type { PhotofinishApi } from '../../../../app/api/contract.js';
import { dispatchCall } from '../../../../app/api/dispatch.js';
import { infoCommand } from '../../../../app/cli/commands/info.js';
import type { CliContext } from '../../../../app/cli/command.js';
import { createService } from '../../../../app/service/create-service.js';
import { writeLongRace } from '../../../helpers/long-race.js';

let root: string;
let race: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-info-api-'));
  race = path.join(root, 'heat.race');
  await writeLongRace(race, { columns: 40, sourceFrames: true, competitors: 2 });
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

/** Runs `info` against an API whose answers `tamper` may change; returns its output and the methods it called. */
async function info(argv: string[], tamper: (name: string, result: unknown) => unknown = (_n, r) => r) {
  const running = createService({ shell: 'cli', dataDir: path.join(root, 'data') });
  const calls: string[] = [];
  const api: PhotofinishApi = createApiClient(async (name, args) => {
    calls.push(name);
    const outcome = await dispatchCall(running.service, name, args);
    return outcome.ok ? { ok: true, value: tamper(name, outcome.value) } : outcome;
  });
  const out: string[] = [];
  const ctx: CliContext = { api, running, io: { out: (t) => out.push(t), err: () => undefined, isTTY: false } };
  const code = await infoCommand.run(argv, ctx);
  return { code, out: out.join('\n'), calls };
}

describe('photofinish info', () => {
  it('prints what the API answers: the race, its manifest and its column times', async () => {
    const plain = await info([race, '--json', '--times']);
    expect(plain.code).toBe(0);
    expect(plain.calls).toEqual(['openRace', 'getEvidence', 'getColumnTimes']);
    expect(JSON.parse(plain.out)).toMatchObject({ name: 'Synthetic 40-column race', columns: 40, frames: 40, first_time_s: 10, times_s: expect.arrayContaining([10.039]) });

    // Answers that differ from the files on disk are what it prints: it read nothing itself.
    const shifted = await info([race, '--json', '--times'], (name, result) => {
      if (name === 'getColumnTimes') {
        const t = result as { timesNs: string[] };
        return { ...t, timesNs: t.timesNs.map((ns) => String(BigInt(ns) + 1_000_000_000n)) };
      }
      if (name === 'openRace') return { ...(result as object), meta: { name: 'Named by the service' } };
      return result;
    });
    expect(JSON.parse(shifted.out)).toMatchObject({ name: 'Named by the service', first_time_s: 11, last_time_s: 11.039 });
    const text = await info([race], (name, result) => (name === 'getEvidence' ? { ...(result as object), columns: 41 } : result));
    expect(text.out).toMatch(/^ {2}composite {2}41 columns × 240 rows/m);
  });
});
