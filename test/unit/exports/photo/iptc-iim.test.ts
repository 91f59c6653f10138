import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { app13Segment, cutText, iimBlock, iimText, insertSegment } from '../../../../app/exports/photo/iptc-iim.js';

const run = promisify(execFile);

async function exiftool(jpeg: Buffer): Promise<Record<string, unknown>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-iim-'));
  try {
    const file = path.join(dir, 'p.jpg');
    await fs.writeFile(file, jpeg);
    const { stdout } = await run('exiftool', ['-j', '-G1', '-a', '-all', '-validate', '-warning', file]);
    return (JSON.parse(stdout) as Record<string, unknown>[])[0] as Record<string, unknown>;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('IPTC-IIM in the JPEG', () => {
  it('writes each dataset as tag, record, dataset, length and UTF-8 bytes after the UTF-8 declaration', () => {
    const block = iimBlock([iimText('objectName', '王小明')]);
    expect([...block.subarray(0, 8)]).toEqual([0x1c, 1, 90, 0, 3, 0x1b, 0x25, 0x47]);
    expect([...block.subarray(8, 15)]).toEqual([0x1c, 2, 0, 0, 2, 0, 4]);
    expect([...block.subarray(15, 20)]).toEqual([0x1c, 2, 5, 0, 9]);
    expect(block.subarray(20).toString('utf8')).toBe('王小明');
  });

  it('cuts a text to the bytes IIM allows, after a word or between characters, never inside one', () => {
    expect(cutText('Photo finish: Jane Official, Stadion Köln (Photofinish)', 32).toString()).toBe('Photo finish: Jane Official,…');
    const han = cutText('王'.repeat(40), 64);
    expect(han.length).toBeLessThanOrEqual(64);
    expect(han.toString()).toBe(`${'王'.repeat(20)}…`);
    expect(cutText('short', 64).toString()).toBe('short');
  });

  it('is read back by exiftool, with no warning, beside the XMP and EXIF sharp writes', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Software: 'Photofinish' } })
      .withXmp('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>image/jpeg</dc:format></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>')
      .toBuffer();
    const caption = 'Rank;Bib;Lane;LastName;FirstName;Club;Time;Margin\n1;7;4;الله;محمد عبد;Club;10.21;';
    const jpeg = insertSegment(plain, app13Segment(iimBlock([iimText('objectName', "Men's 100 m"), iimText('keywords', 'photo finish'), iimText('keywords', '#7 王小明'), iimText('headline', "Men's 100 m, 14:05:30"), iimText('captionAbstract', caption)])));
    const tags = await exiftool(jpeg);
    expect(tags['ExifTool:Validate'], String(tags['ExifTool:Warning'])).toBe('OK');
    expect(tags['IPTC:CodedCharacterSet']).toBe('UTF8');
    expect(tags['IPTC:ObjectName']).toBe("Men's 100 m");
    expect(tags['IPTC:Headline']).toBe("Men's 100 m, 14:05:30");
    expect(tags['IPTC:Keywords']).toEqual(['photo finish', '#7 王小明']);
    expect(tags['IPTC:Caption-Abstract']).toBe(caption);
    expect(tags['IFD0:Software']).toBe('Photofinish');
    expect(tags['XMP-dc:Format']).toBe('image/jpeg');
    // The picture itself is untouched.
    expect((await sharp(jpeg).raw().toBuffer()).equals(await sharp(plain).raw().toBuffer())).toBe(true);
  });
});
