/** The short flags printed beside a result (the result's own: domain/results/result-flags.ts) and their legend. */
import type { FinisherResult } from '../../api/types.js';
import { FLAG_LEGEND, resultFlags } from '../../domain/results/result-flags.js';

export { FLAG_LEGEND };

export function flagsOf(r: FinisherResult): string[] {
  return r.flags ?? resultFlags(r);
}

export function legendFor(finishers: readonly FinisherResult[]): string {
  const used = new Set(finishers.flatMap(flagsOf));
  return FLAG_LEGEND.filter(([f]) => used.has(f))
    .map(([f, m]) => `${f} = ${m}`)
    .join(';  ');
}
