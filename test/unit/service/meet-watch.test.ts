/**
 * In a long-running process (the app, `serve --meet`) an opened meet's input folder is watched: lynx.evt rewritten
 * mid-meet reaches the uncertified race by itself (audited as "meet input"), and the outputs follow.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../app/api/events.js';
import { createService, type RunningService } from '../../../app/service/create-service.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { EVT, makeMeetFixture, type MeetFixture } from '../../helpers/meet-fixture.js';

let m: MeetFixture;
let running: RunningService;
const events: ApiEvent[] = [];

beforeAll(async () => {
  m = await makeMeetFixture();
  expect((await runCli(['meet', 'init', m.meetDir, '--input', m.input, '--output', m.output, '--by', 'Referee'])).code).toBe(0);
  expect((await runCli(['build', m.frames, '--meet', m.meetDir, '--event', '7-2-1', '--fps', '100'])).code).toBe(0);
  running = createService({ shell: 'browser', dataDir: path.join(m.root, 'data') });
  running.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await m.cleanup();
});

describe('a watched meet', () => {
  it('applies a rewritten lynx.evt to the uncertified race without being asked', async () => {
    const meet = await running.service.openMeet({ path: m.meetDir });
    expect(meet.races.map((r) => r.state)).toEqual(['scheduled', 'scheduled', 'built']);
    const race = path.join(m.meetDir, 'races', '007-2-01');
    const ids = async () => (JSON.parse(await fs.readFile(path.join(race, 'race.json'), 'utf8')).competitors as { id: string }[]).map((c) => c.id);
    expect(await ids()).toEqual(['31']);
    const t0 = Date.now();
    await m.writeInput('lynx.evt', `${EVT}\r\n,32,5,Lévêque,René,Besançon\r\n`);
    while ((await ids()).length < 2 && Date.now() - t0 < 8000) await new Promise((r) => setTimeout(r, 50));
    expect(await ids()).toEqual(['31', '32']);
    console.log(`a rewritten lynx.evt reached the race in ${Date.now() - t0} ms`);
    while (!events.some((e) => e.type === 'meet-changed' && e.refused.length === 0 && e.changed.length === 1) && Date.now() - t0 < 8000) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // the outputs of that change are written before the event; let the watcher settle
    const audit = (await fs.readFile(path.join(race, 'audit.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(audit.filter((e) => e.actor === 'meet input').map((e) => e.action)).toEqual(['start-list.imported']);
    expect(events).toContainEqual(expect.objectContaining({ type: 'meet-changed', path: m.meetDir, changed: ['007-2-01'] }));
    expect(JSON.parse(await fs.readFile(path.join(m.output, '007-2-01.json'), 'utf8')).others.map((o: { competitor: string }) => o.competitor)).toEqual(['31', '32']);
  }, 30_000);
});
