/** Natural file-name order: frame_2 before frame_10 (digit runs compare by value, then by length, then text). */
const RUNS = /(\d+)|(\D+)/g;

export function naturalCompare(a: string, b: string): number {
  const ra = a.match(RUNS) ?? [];
  const rb = b.match(RUNS) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i] as string;
    const y = rb[i] as string;
    const xd = /^\d/.test(x);
    const yd = /^\d/.test(y);
    if (xd && yd) {
      const xv = BigInt(x);
      const yv = BigInt(y);
      if (xv !== yv) return xv < yv ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length;
    } else if (x !== y) {
      // Letter case only breaks ties at the very end (Frame_3 sorts among frame_2 and frame_10).
      const lx = x.toLowerCase();
      const ly = y.toLowerCase();
      if (lx !== ly) return lx < ly ? -1 : 1;
    }
  }
  if (ra.length !== rb.length) return ra.length - rb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function naturalSort(names: readonly string[]): string[] {
  return [...names].sort(naturalCompare);
}
