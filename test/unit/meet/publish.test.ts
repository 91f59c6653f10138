/**
 * Results out on every save, when saves come close together: the last .lif and .json written are always those
 * of the race's latest change, never an older view published late.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishMeetRace } from '../../../app/meet/publish.js';
import { createService } from '../../../app/service/create-service.js';
import { runCli } from '../../fixtures/cli-capture.js';
import { makeMeetFixture, type MeetFixture } from '../../helpers/meet-fixture.js';
import { fullView } from '../../helpers/full-view.js';

let m: MeetFixture;
beforeAll(async () => {
  m = await makeMeetFixture();
  expect((await runCli(['meet', 'init', m.meetDir, '--input', m.input, '--output', m.output, '--by', 'R'])).code).toBe(0);
  expect((await runCli(['build', m.frames, '--meet', m.meetDir, '--event', '12-1-3', '--fps', '100', '--sport', 'athletics'])).code).toBe(0);
});
afterAll(() => m.cleanup());

describe('publishing a meet race', () => {
  it('leaves the latest change as the last result written, however close the saves', async () => {
    const running = createService({ shell: 'browser', dataDir: path.join(m.root, 'data') });
    const { raceId } = await running.service.openRace({ path: path.join(m.meetDir, 'races', '012-1-03') });
    for (let round = 0; round < 3; round++) {
      const views = await Promise.all(
        ['7', '8', '9'].map((id, i) => running.service.placeMark({ raceId, competitorId: id, timeS: `${10 + i + round / 100}`, typed: true, by: 'J' })),
      );
      const last = Math.max(...views.map((v) => v.auditCount));
      const json = JSON.parse(await fs.readFile(path.join(m.output, '012-1-03.json'), 'utf8'));
      expect(json.revision).toBeDefined();
      expect(json.finishers.map((f: { competitor: string; time_s: number }) => [f.competitor, f.time_s])).toEqual([
        ['7', 10 + round / 100],
        ['8', 11 + round / 100],
        ['9', 12 + round / 100],
      ]);
      expect(views.find((v) => v.auditCount === last)?.results.finishers).toHaveLength(3);
    }
  });

  it('does not write an older view over a newer one (another station saved since)', async () => {
    const running = createService({ shell: 'browser', dataDir: path.join(m.root, 'data') });
    const dir = path.join(m.meetDir, 'races', '012-1-03');
    const { raceId } = await running.service.openRace({ path: dir });
    const older = await fullView(running.service, await running.service.removeMark({ raceId, competitorId: '9', by: 'J' }));
    await running.service.removeMark({ raceId, competitorId: '8', by: 'J' });
    const published = await publishMeetRace(dir, older); // published late, as a slow station would
    expect(published?.notes).toEqual([]);
    const json = JSON.parse(await fs.readFile(path.join(m.output, '012-1-03.json'), 'utf8'));
    expect(json.finishers.map((f: { competitor: string }) => f.competitor)).toEqual(['7']);
  });
});
