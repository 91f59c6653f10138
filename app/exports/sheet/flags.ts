/** The short flags printed beside a result, and the legend that explains the ones a sheet uses. */
import type { FinisherResult } from '../../api/types.js';

export const FLAG_LEGEND: [flag: string, meaning: string][] = [
  ['DH', 'dead heat declared'],
  ['T', 'time typed in, not read from the image'],
  ['H', 'hand time (1/10 s, rounded up)'],
  ['J', "distance set by the judge (see notes)"],
  ['A', 'hairline placed from a suggested edge (S1, S2 … as on screen) and confirmed by the official'],
  ['G', 'mark next to a dropped-frame gap'],
  ['R', 'equal at the published precision: order by the rule book'],
];

export function flagsOf(r: FinisherResult): string[] {
  const f: string[] = [];
  if (r.dead_heat) f.push('DH');
  if (r.typed) f.push('T');
  if (r.hand) f.push('H');
  if (r.judge_distance) f.push('J');
  if (r.suggested) f.push('A');
  if (r.near_gap) f.push('G');
  if (r.tie) f.push('R');
  return f;
}

export function legendFor(finishers: readonly FinisherResult[]): string {
  const used = new Set(finishers.flatMap(flagsOf));
  return FLAG_LEGEND.filter(([f]) => used.has(f))
    .map(([f, m]) => `${f} = ${m}`)
    .join(';  ');
}
