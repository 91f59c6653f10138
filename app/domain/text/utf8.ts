/**
 * UTF-8 checks and decoding for files a person hands in (start lists): whether bytes are well-formed UTF-8 (so a CSV
 * saved by a modern spreadsheet is not read as cp1252), and decoding without TextDecoder, which the domain cannot
 * assume.
 */
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

/** Decodes UTF-8 (well-formed, already checked). */
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
