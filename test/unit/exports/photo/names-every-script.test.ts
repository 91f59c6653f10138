import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PHOTO_WIDTH, renderPostedPhoto } from '../../../../app/exports/photo/posted-photo.js';
import { certifiedRaceWithNames, LONG_NAME, SCRIPT_NAMES } from '../../../helpers/script-names.js';

const run = promisify(execFile);
const software = { name: 'Photofinish', version: '0.1.0' };
const race = certifiedRaceWithNames();

async function photoWith(names: Record<string, string>) {
  const { view, ev } = await race(names);
  return renderPostedPhoto(view, ev.composite, ev.hashes, software);
}

describe('posted photo: names of every length and script', () => {
  it('renders with a name of 50 and of 200 characters without spaces (the podium cuts it, the caption wraps it)', async () => {
    for (const name of [LONG_NAME.slice(0, 50), LONG_NAME]) {
      const photo = await photoWith({ '7': name, '12': name });
      expect(photo.width).toBe(PHOTO_WIDTH);
      expect(photo.caption.headline).toContain(name);
    }
  });

  it('renders every script, the same bytes every time', async () => {
    const a = await photoWith(SCRIPT_NAMES);
    const b = await photoWith(SCRIPT_NAMES);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.caption.podium.map((p) => p.name)).toEqual(['王小明', 'محمد عبد الله', 'דוד לוי', 'สมชาย ใจดี', 'राहुल शर्मा']);
  });
});

describe('posted photo metadata: IPTC-IIM beside the XMP', () => {
  it('carries the event, the event with its start time and the result lines, names split as in the .lif', async () => {
    const photo = await photoWith({ ...SCRIPT_NAMES, '21': LONG_NAME });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-photo-iim-'));
    const file = path.join(dir, 'finish.jpg');
    await fs.writeFile(file, photo.jpeg);
    const { stdout } = await run('exiftool', ['-j', '-G1', '-a', '-all', '-validate', '-warning', file]);
    await fs.rm(dir, { recursive: true, force: true });
    const tags = (JSON.parse(stdout) as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(tags['ExifTool:Validate'], String(tags['ExifTool:Warning'])).toBe('OK');
    expect(tags['IPTC:CodedCharacterSet']).toBe('UTF8');
    expect(tags['IPTC:ObjectName']).toBe("City Games 2026 — Men's 100 m, round 1, heat 2, wind +1.2…");
    expect(tags['IPTC:Headline']).toBe("City Games 2026 — Men's 100 m, round 1, heat 2, wind +1.2 m/s — Men's 100 m, heat 2, 15:21:04");
    expect(tags['IPTC:Headline']).toBe(tags['XMP-photoshop:Headline']);
    const caption = String(tags['IPTC:Caption-Abstract']);
    expect(caption).toContain('Rank;Bib;Lane;LastName;FirstName;Club;Time;Margin');
    // Last name the last word, first name the rest (the .lif's split); a one-word name is all last name.
    expect(caption).toContain('1;7;4;王小明;;TV Köln;10.21;');
    expect(caption).toContain('2;12;5;الله;محمد عبد;Club Atlético, Sevilla;10.23;+0.02');
    expect(caption).toContain('3;3;3;לוי;דוד;');
    expect(caption).toContain(`4;21;6;${LONG_NAME};;AZS Łódź;10.28;`);
    expect(Buffer.byteLength(caption)).toBeLessThanOrEqual(2000);
    expect(String(tags['XMP-dc:Description'])).toContain(caption.split('\n').slice(1).join('\n'));
  });
});
