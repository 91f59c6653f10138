import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../app/domain/errors.js';
import { exportRaceFiles, fileSlug } from '../../../app/exports/export-race.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';

const software = { name: 'Photofinish', version: '0.1.0' };
const fixtures: ExportFixture[] = [];
async function fixture(certified: boolean): Promise<ExportFixture> {
  const fx = await makeExportFixture({ certified });
  fixtures.push(fx);
  return fx;
}
const outsideDirs: string[] = [];
/** A fresh folder outside every race folder. */
async function outside(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `pf-${name}-`));
  outsideDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.cleanup()));
  await Promise.all(outsideDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('exportRaceFiles', () => {
  it('writes all five into <race>/exports/, named after the race and revision, reporting size and SHA-256', async () => {
    const fx = await fixture(true);
    const result = await exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software });
    expect(result.written.map((w) => w.kind)).toEqual(['pdf', 'csv', 'json', 'lif', 'png']);
    for (const w of result.written) {
      expect(path.dirname(w.path)).toBe(path.join(fx.dir, 'exports'));
      expect(path.basename(w.path)).toBe(`012-1-02-mens-100-m-r1.${w.kind}`);
      const bytes = await fs.readFile(w.path);
      expect(bytes.length).toBe(w.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(w.sha256);
    }
    expect((await fs.readdir(path.join(fx.dir, 'exports'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it("says why the race's exports/ folder cannot be made, in words (was: \"cannot be created (EEXIST)\")", async () => {
    const fx = await fixture(true);
    await fs.writeFile(path.join(fx.dir, 'exports'), 'a file where the folder goes');
    await expect(exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software })).rejects.toThrow(
      `${path.join(fx.dir, 'exports')}: cannot be created (a file is in the way)`,
    );
  });

  it('names a piece of evidence that cannot be read and says why in words (was: "cannot be read (EISDIR)")', async () => {
    const fx = await fixture(true);
    const composite = path.join(fx.dir, 'evidence', 'composite.png');
    await fs.rm(composite);
    await fs.mkdir(composite);
    await expect(exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software })).rejects.toThrow(`${composite}: is a folder where a file was expected`);
  });

  it('marks provisional exports in their names, and writes only the files asked for', async () => {
    const fx = await fixture(false);
    const all = await exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software });
    expect(path.basename(all.written[0]?.path ?? '')).toBe('012-1-02-mens-100-m-r1-provisional.pdf');
    // Outside the race folder: nothing but its own exports/ may be written inside one.
    const out = await outside('elsewhere');
    const some = await exportRaceFiles(fx.view, fx.dir, { targets: { csv: path.join(out, 'r.csv'), lif: path.join(out, 'r.lif') }, paper: 'Letter', software });
    expect(some.written.map((w) => [w.kind, path.basename(w.path)])).toEqual([['csv', 'r.csv'], ['lif', 'r.lif']]);
  });

  it('writes the chosen kinds into a chosen folder (the UI\'s "export to folder"), and refuses files and a folder together', async () => {
    const fx = await fixture(true);
    const out = await outside('usb-stick');
    const r = await exportRaceFiles(fx.view, fx.dir, { targets: {}, folder: out, kinds: ['pdf', 'lif'], paper: 'A4', software });
    expect(r.written.map((w) => w.path)).toEqual([path.join(out, '012-1-02-mens-100-m-r1.pdf'), path.join(out, '012-1-02-mens-100-m-r1.lif')]);
    await expect(exportRaceFiles(fx.view, fx.dir, { targets: {}, folder: path.join(out, 'nope'), paper: 'A4', software })).rejects.toThrow(/nope: folder does not exist/);
    await expect(exportRaceFiles(fx.view, fx.dir, { targets: { pdf: path.join(out, 'x.pdf') }, folder: out, paper: 'A4', software })).rejects.toThrow(/either output files or a folder/);
  });

  it('refuses to write into the evidence, over race.json, into a missing folder, or one file twice', async () => {
    const fx = await fixture(true);
    const attempt = (targets: Record<string, string>) => exportRaceFiles(fx.view, fx.dir, { targets, paper: 'A4', software });
    await expect(attempt({ png: path.join(fx.dir, 'evidence', 'x.png') })).rejects.toThrow(/x\.png: lies inside this race's folder/);
    await expect(attempt({ json: path.join(fx.dir, 'race.json') })).rejects.toThrow(/race\.json: lies inside this race's folder/);
    await expect(attempt({ pdf: path.join(await outside('parent'), 'nope', 'x.pdf') })).rejects.toThrow(/does not exist/);
    await expect(attempt({ csv: path.join(fx.dir, 'a.txt'), lif: path.join(fx.dir, 'a.txt') })).rejects.toThrow(/named for both the csv and the lif export/);
  });

  it('refuses to print from a composite that no longer matches its manifest hash', async () => {
    const fx = await fixture(true);
    const file = path.join(fx.dir, 'evidence', 'composite.png');
    const bytes = await fs.readFile(file);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff;
    await fs.writeFile(file, bytes);
    const err = await exportRaceFiles(fx.view, fx.dir, { targets: {}, paper: 'A4', software }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/composite\.png: the composite no longer matches its manifest hash/);
  });

  it('makes file names that are safe everywhere', () => {
    expect(fileSlug("Men's 100 m, heat 2")).toBe('mens-100-m-heat-2');
    expect(fileSlug('Łódź — Grand Prix / Race 3')).toBe('lodz-grand-prix-race-3');
    expect(fileSlug('///')).toBe('race');
  });
});
