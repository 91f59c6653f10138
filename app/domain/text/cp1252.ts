/**
 * Windows-1252, the encoding FinishLynx and meet-management software read and write (`.ppl`/`.evt` start lists, the
 * `.lif` result). Written out here (rather than relying on the runtime's ICU) so every build of the app reads and
 * writes names the same way. Latin-1 maps straight through; bytes 0x80–0x9F carry the typographic characters
 * (€ ‚ „ … – — ‘ ’ “ ” Š Ž Œ ...), and the five unassigned ones decode to the same code point, as the WHATWG decoder
 * does. Encoding a character it cannot hold first strips its accents (Ł → L, ő → o), and only then writes '?', so a
 * name stays readable.
 */
const HIGH: readonly number[] = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  const chunk: number[] = [];
  for (const b of bytes) {
    chunk.push(b >= 0x80 && b <= 0x9f ? (HIGH[b - 0x80] as number) : b);
    if (chunk.length === 4096) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}

/** Code point → byte for the 0x80–0x9F block (the unassigned five are not encodable: they are control codes). */
const HIGH_BYTE: ReadonlyMap<number, number> = new Map(HIGH.flatMap((cp, i) => (cp === 0x80 + i ? [] : [[cp, 0x80 + i] as const])));

/** Letters with no decomposition that still have an obvious plain-Latin form. */
export const PLAIN_LATIN: Readonly<Record<string, string>> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

function byteOf(cp: number): number | null {
  if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return HIGH_BYTE.get(cp) ?? null;
}

export function encodeCp1252(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const b = byteOf(ch.codePointAt(0) as number);
    if (b !== null) {
      out.push(b);
      continue;
    }
    const plain = (PLAIN_LATIN[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '')) || '?';
    for (const p of plain) out.push(byteOf(p.codePointAt(0) as number) ?? 0x3f);
  }
  return Uint8Array.from(out);
}
