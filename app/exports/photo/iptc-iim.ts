/**
 * IPTC-IIM, the caption standard newsroom systems read before (or instead of) XMP: datasets in a JPEG's APP13
 * "Photoshop 3.0" segment, image resource 0x0404, with the IPTC digest resource 0x0425 (MD5 of the datasets) that
 * tells readers the IIM and the XMP were written together. sharp writes EXIF and XMP but not IIM, so the segment is
 * built and inserted here, after the JPEG's APP0/APP1 segments. Text is UTF-8, declared by CodedCharacterSet
 * (1:90 = ESC % G), and each dataset is cut (after a word, with "…") to the byte length the standard allows.
 * IIM 4.2: https://www.iptc.org/std/IIM/4.2/specification/IIMV4.2.pdf
 */
import { createHash } from 'node:crypto';

export interface IimDataSet {
  record: 1 | 2;
  dataset: number;
  value: string | Buffer;
}

/** Application record datasets (record 2) this export writes, with their IIM maximum lengths in bytes. */
export const IIM = {
  objectName: { dataset: 5, max: 64 },
  keywords: { dataset: 25, max: 64 },
  specialInstructions: { dataset: 40, max: 256 },
  dateCreated: { dataset: 55, max: 8 },
  originatingProgram: { dataset: 65, max: 32 },
  programVersion: { dataset: 70, max: 10 },
  byline: { dataset: 80, max: 32 },
  headline: { dataset: 105, max: 256 },
  credit: { dataset: 110, max: 32 },
  captionAbstract: { dataset: 120, max: 2000 },
} as const;

/** `text` as UTF-8 of at most `max` bytes, cut before a character that would not fit whole. */
export function utf8Within(text: string, max: number): Buffer {
  const out: Buffer[] = [];
  let n = 0;
  for (const ch of text) {
    const b = Buffer.from(ch, 'utf8');
    if (n + b.length > max) break;
    out.push(b);
    n += b.length;
  }
  return Buffer.concat(out);
}

/** Text within `max` bytes: whole, or cut after a word (else a character) and ended with "…". */
export function cutText(text: string, max: number): Buffer {
  if (Buffer.byteLength(text) <= max) return Buffer.from(text, 'utf8');
  const head = utf8Within(text, max - 3).toString('utf8');
  const space = head.search(/\s\S*$/);
  return Buffer.from(`${(space > head.length / 2 ? head.slice(0, space) : head).trimEnd()}…`, 'utf8');
}

/** One application-record text dataset, cut to its maximum. */
export function iimText(field: keyof typeof IIM, text: string): IimDataSet {
  const { dataset, max } = IIM[field];
  return { record: 2, dataset, value: cutText(text, max) };
}

/** The datasets: the envelope's character set (UTF-8) and the record version first, as IIM orders them. */
export function iimBlock(fields: readonly IimDataSet[]): Buffer {
  const all: IimDataSet[] = [
    { record: 1, dataset: 90, value: Buffer.from([0x1b, 0x25, 0x47]) },
    { record: 2, dataset: 0, value: Buffer.from([0x00, 0x04]) },
    ...fields,
  ];
  return Buffer.concat(
    all.map((f) => {
      const value = typeof f.value === 'string' ? Buffer.from(f.value, 'utf8') : f.value;
      if (value.length > 0x7fff) throw new Error(`IIM dataset ${f.record}:${f.dataset} longer than 32767 bytes`);
      const head = Buffer.from([0x1c, f.record, f.dataset, value.length >> 8, value.length & 0xff]);
      return Buffer.concat([head, value]);
    }),
  );
}

/** A Photoshop image resource: "8BIM", id, empty Pascal name (padded to even), size, data padded to even. */
function imageResource(id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.write('8BIM', 0, 'latin1');
  head.writeUInt16BE(id, 4);
  head.writeUInt16BE(0, 6); // name: length 0, and the pad byte
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** The APP13 segment (marker included) carrying the datasets and their digest. */
export function app13Segment(iim: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), imageResource(0x0404, iim), imageResource(0x0425, createHash('md5').update(iim).digest())]);
  if (body.length + 2 > 0xffff) throw new Error('IIM segment longer than a JPEG segment allows');
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The JPEG with `segment` after its SOI and the APP0/APP1 (JFIF, EXIF, XMP) segments that lead it. */
export function insertSegment(jpeg: Buffer, segment: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  let at = 2;
  while (jpeg[at] === 0xff && (jpeg[at + 1] === 0xe0 || jpeg[at + 1] === 0xe1)) at += 2 + jpeg.readUInt16BE(at + 2);
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}
