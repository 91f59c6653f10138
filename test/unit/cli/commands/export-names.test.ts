import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../app/cli/main.js';
import type { ExportFixture } from '../../../helpers/export-fixture.js';
import { pdfText } from '../../../helpers/export-poppler.js';
import { LONG_NAME, makeNamedStoreRace, SCRIPT_NAMES } from '../../../helpers/script-names.js';

/** `photofinish export --photo --pdf` on a race whose start list has a 50-character name without spaces (issue 20). */
let fx: ExportFixture;
let dataDir: string;
const savedDataDir = process.env.PHOTOFINISH_DATA_DIR;
const FIFTY = LONG_NAME.slice(0, 50);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-export-names-'));
  process.env.PHOTOFINISH_DATA_DIR = dataDir;
  ({ fx } = await makeNamedStoreRace(dataDir, { ...SCRIPT_NAMES, '7': FIFTY }));
});
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.PHOTOFINISH_DATA_DIR;
  else process.env.PHOTOFINISH_DATA_DIR = savedDataDir;
  await fx.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('photofinish export with long names and names in other scripts', () => {
  it('writes the photo and the sheet (the photo crashed on a 50-character name without spaces)', async () => {
    const photo = path.join(dataDir, 'finish.jpg');
    const pdf = path.join(dataDir, 'sheet.pdf');
    const out: string[] = [];
    const err: string[] = [];
    const status = await main(['export', fx.dir, '--photo', photo, '--pdf', pdf], { out: (t) => out.push(t), err: (t) => err.push(t), isTTY: false });
    expect(err).toEqual([]);
    expect(status).toBe(0);
    expect((await fs.readFile(photo)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(out.join('\n')).toContain(`IPTC:Caption-Abstract`);
    const text = (await pdfText(await fs.readFile(pdf), '-raw')).replace(/\s+/g, '');
    expect(text).toContain(FIFTY);
    for (const word of ['สมชาย', 'ใจดี', '김민준', '山田']) expect(text).toContain(word);
  });
});
