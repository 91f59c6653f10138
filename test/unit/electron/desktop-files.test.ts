/**
 * Open and Show in folder for exported files in the desktop app (issue 22 item 5): the typed API's openExport
 * reaches Electron's shell (mocked: the Electron boundary) for files of the race's exports/ only, says the
 * viewer's own error, and is refused where there is no desktop (a browser).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const shell = vi.hoisted(() => ({ openPath: vi.fn(async (_file: string) => ''), showItemInFolder: vi.fn((_file: string) => undefined) }));
vi.mock('electron', () => ({ shell }));

const { createDesktopFiles } = await import('../../../app/electron/desktop-files.js');
const { createService } = await import('../../../app/service/create-service.js');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-desktop-files-'));
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('Open and Show in folder (desktop app)', () => {
  it('opens and shows an exported file through the shell, and nothing outside exports/', async () => {
    const { service } = createService({ shell: 'electron', dataDir, desktop: createDesktopFiles() });
    const race = await service.openDemoRace({});
    const { written } = await service.exportRace({ raceId: race.raceId, kinds: ['csv'], paper: 'A4', overwrite: false, unverified: false });
    const csv = written[0]!.path;

    await service.openExport({ raceId: race.raceId, file: csv, how: 'open' });
    await service.openExport({ raceId: race.raceId, file: csv, how: 'show' });
    const real = await fs.realpath(csv);
    expect(shell.openPath).toHaveBeenCalledWith(real);
    expect(shell.showItemInFolder).toHaveBeenCalledWith(real);

    // The viewer's own complaint is the message.
    shell.openPath.mockResolvedValueOnce('No application is associated with the file');
    await expect(service.openExport({ raceId: race.raceId, file: csv, how: 'open' })).rejects.toThrow(/No application is associated/);

    shell.openPath.mockClear();
    for (const outside of [path.join(race.path, 'race.json'), path.join(race.path, 'exports', '..', 'audit.jsonl'), '/etc/passwd']) {
      await expect(service.openExport({ raceId: race.raceId, file: outside, how: 'open' })).rejects.toThrow(/not an exported file of this race/);
    }
    expect(shell.openPath).not.toHaveBeenCalled();

    const browser = createService({ shell: 'browser', dataDir }).service;
    const again = await browser.openRace({ path: race.path });
    await expect(browser.openExport({ raceId: again.raceId, file: csv, how: 'open' })).rejects.toThrow(/needs the desktop app/);
  });
});
