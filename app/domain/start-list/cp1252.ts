/**
 * Windows-1252 decoding, the encoding FinishLynx writes its `.ppl`/`.evt` files in. Written out here (rather than
 * relying on the runtime's ICU) so every build of the app decodes names the same way. Bytes 0x80–0x9F carry the
 * typographic characters; the five unassigned ones map to the same code point, as the WHATWG decoder does.
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

/** True when `bytes` is well-formed UTF-8 (so a CSV saved by a modern spreadsheet is not read as cp1252). */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let extra: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [extra, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [extra, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [extra, min] = [3, 0x10000];
    else return false;
    let cp = b & (0x3f >> extra);
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += extra + 1;
  }
  return true;
}

/** Decodes UTF-8 (well-formed, already checked) without needing TextDecoder, which the domain cannot assume. */
export function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  const cps: number[] = [];
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let cp: number;
    let n: number;
    if (b < 0x80) [cp, n] = [b, 0];
    else if (b < 0xe0) [cp, n] = [b & 0x1f, 1];
    else if (b < 0xf0) [cp, n] = [b & 0x0f, 2];
    else [cp, n] = [b & 0x07, 3];
    for (let k = 1; k <= n; k++) cp = (cp << 6) | ((bytes[i + k] ?? 0) & 0x3f);
    cps.push(cp);
    i += n + 1;
    if (cps.length >= 4096) {
      out += String.fromCodePoint(...cps);
      cps.length = 0;
    }
  }
  return out + String.fromCodePoint(...cps);
}
