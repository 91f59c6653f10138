/**
 * Windows-1252, the encoding FinishLynx and meet-management software read. Latin-1 letters map straight through;
 * the 0x80–0x9F block holds the typographic extras (€ ‚ „ … – — ‘ ’ “ ” Š Ž Œ ...). A character it cannot hold is
 * first stripped of its accents (Ł → L, ő → o), and only then replaced by '?', so a name stays readable.
 */
const EXTRAS: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};
const DECODE: Record<number, number> = Object.fromEntries(Object.entries(EXTRAS).map(([u, b]) => [b, Number(u)]));

/** Letters with no decomposition that still have an obvious plain-Latin form. */
export const PLAIN_LATIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

function byteOf(cp: number): number | null {
  if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return EXTRAS[cp] ?? null;
}

export function encodeCp1252(text: string): Buffer {
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
  return Buffer.from(out);
}

export function decodeCp1252(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCodePoint(DECODE[b] ?? b);
  return s;
}
