/** Robust statistics for the detector: medians of small and large samples without sorting the caller's data. */

/** k-th smallest (0-based) of `values[0..n)`, in place (Hoare quickselect). */
export function selectInPlace(values: Float32Array | Float64Array | number[], n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k] as number;
  }
  return values[k] as number;
}

/** Median of the first `n` entries of a scratch array (the array is reordered). NaN when n is 0. */
export function medianInPlace(values: Float32Array | Float64Array | number[], n = values.length): number {
  if (n <= 0) return NaN;
  const upper = selectInPlace(values, n, n >> 1);
  if (n % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) lower = Math.max(lower, values[i] as number);
  return (lower + upper) / 2;
}

/** Median of a list, leaving it untouched. */
export function median(values: readonly number[]): number {
  return medianInPlace(values.slice());
}

/** Median of 3 or 5 neighbours along a list (ends use what is there): removes single-sample outliers. */
export function runningMedian(values: readonly number[], radius: number): number[] {
  return values.map((_, i) => median(values.slice(Math.max(0, i - radius), Math.min(values.length, i + radius + 1)).filter(Number.isFinite)));
}
