/**
 * The posted photo's metadata, the way newsrooms' tools read a picture's caption: XMP with the IPTC Core fields
 * (photoshop:Headline, dc:description, photoshop:Credit, photoshop:DateCreated, dc:subject, dc:title, dc:creator,
 * photoshop:Instructions), the same fields as IPTC-IIM (ObjectName the event, Headline the event and its start time,
 * Caption-Abstract the decision and the result lines, By-line, Credit, Keywords, DateCreated, SpecialInstructions)
 * and the EXIF a desktop shows (ImageDescription, Artist, Software, DateTime). sharp writes the EXIF and XMP
 * (withXmp, withExif), iptc-iim.ts the IIM; the XMP packet is plain text built here, with no clock or random id in
 * it, so the same race gives the same bytes.
 */
import { iimText, IIM, utf8Within, type IimDataSet } from './iptc-iim.js';
import type { PhotoCaption } from './photo-caption.js';

/** The fields written, by the names exiftool shows them under: what the export reports to the user. */
export interface PhotoField {
  name: string;
  value: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The caption as written into dc:description: the summary, then the result lines (Omega's caption carries those). */
export function descriptionOf(c: PhotoCaption): string {
  return [c.summary, ...c.results].join('\n');
}

/** The headline newsrooms file the picture under: the event and its start time ("…, 100 m final, 14:05:30"). */
export function metadataHeadline(c: PhotoCaption): string {
  return c.startTime ? `${c.title}, ${c.startTime}` : c.title;
}

/** The caption as IIM's Caption-Abstract (at most 2000 bytes): whole lines of the description, "…" where cut. */
function captionAbstract(c: PhotoCaption): string {
  const whole = descriptionOf(c);
  if (Buffer.byteLength(whole) <= IIM.captionAbstract.max) return whole;
  const lines: string[] = [];
  for (const line of whole.split('\n')) {
    if (Buffer.byteLength([...lines, line, '…'].join('\n')) > IIM.captionAbstract.max) break;
    lines.push(line);
  }
  return lines.length ? [...lines, '…'].join('\n') : `${utf8Within(whole, IIM.captionAbstract.max - 3).toString()}…`;
}

/** The IIM datasets (record 2), in dataset order. */
export function iimDataSets(c: PhotoCaption, creator: string, software: { name: string; version: string }): IimDataSet[] {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(c.dateCreated);
  return [
    iimText('objectName', c.title),
    ...c.keywords.map((k) => iimText('keywords', k)),
    iimText('specialInstructions', c.status),
    ...(day ? [iimText('dateCreated', `${day[1]}${day[2]}${day[3]}`)] : []),
    iimText('originatingProgram', software.name),
    iimText('programVersion', software.version),
    iimText('byline', creator),
    iimText('headline', metadataHeadline(c)),
    iimText('credit', c.credit),
    iimText('captionAbstract', captionAbstract(c)),
  ];
}

export function xmpPacket(c: PhotoCaption, creator: string, tool: string, createdAt: string): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xml(text)}</rdf:li></rdf:Alt>`;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<photoshop:Headline>${xml(metadataHeadline(c))}</photoshop:Headline>`,
    `<photoshop:Credit>${xml(c.credit)}</photoshop:Credit>`,
    `<photoshop:DateCreated>${xml(c.dateCreated)}</photoshop:DateCreated>`,
    `<photoshop:Instructions>${xml(c.status)}</photoshop:Instructions>`,
    `<xmp:CreatorTool>${xml(tool)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${xml(createdAt)}</xmp:CreateDate>`,
    `<dc:title>${alt(c.title)}</dc:title>`,
    `<dc:description>${alt(descriptionOf(c))}</dc:description>`,
    `<dc:creator><rdf:Seq><rdf:li>${xml(creator)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:subject><rdf:Bag>${c.keywords.map((k) => `<rdf:li>${xml(k)}</rdf:li>`).join('')}</rdf:Bag></dc:subject>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}

/** EXIF date text, "2026:06:14 15:32:10", from an ISO instant. */
function exifDate(iso: string): string {
  return iso.slice(0, 19).replace(/-/g, ':').replace('T', ' ');
}

/** EXIF IFD0 tags. EXIF text is ASCII: the headline's other characters are spelled plainly there (XMP keeps them). */
export function exifTags(c: PhotoCaption, creator: string, tool: string, createdAt: string): Record<string, string> {
  const ascii = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[—–]/g, '-').replace(/[^\x20-\x7e]/g, '?');
  return {
    ImageDescription: ascii(c.headline),
    Artist: ascii(creator),
    Software: ascii(tool),
    DateTime: exifDate(createdAt),
  };
}

/** What is written, for the export's report and the CLI. */
export function photoFields(c: PhotoCaption, creator: string): PhotoField[] {
  return [
    { name: 'XMP-photoshop:Headline', value: metadataHeadline(c) },
    { name: 'XMP-dc:Description', value: descriptionOf(c) },
    { name: 'XMP-photoshop:Credit', value: c.credit },
    { name: 'XMP-photoshop:DateCreated', value: c.dateCreated },
    { name: 'XMP-photoshop:Instructions', value: c.status },
    { name: 'XMP-dc:Title', value: c.title },
    { name: 'XMP-dc:Creator', value: creator },
    { name: 'XMP-dc:Subject', value: c.keywords.join(', ') },
    { name: 'EXIF:ImageDescription', value: c.headline },
    { name: 'IPTC:ObjectName', value: c.title },
    { name: 'IPTC:Headline', value: metadataHeadline(c) },
    { name: 'IPTC:Caption-Abstract', value: captionAbstract(c) },
    { name: 'IPTC:By-line', value: creator },
    { name: 'IPTC:Credit', value: c.credit },
    { name: 'IPTC:Keywords', value: c.keywords.join(', ') },
  ];
}
