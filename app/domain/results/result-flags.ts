/**
 * The short flags beside a result (the sheet's Flags column, the CSV's `flags`, the workspace's badges), computed
 * with the result, and the legend that explains them.
 */
import type { FinisherResult } from './results-report.js';

export const FLAG_LEGEND: [flag: string, meaning: string][] = [
  ['DH', 'dead heat declared'],
  ['T', 'time typed in, not read from the image'],
  ['H', 'hand time (1/10 s, rounded up)'],
  ['J', 'distance set by the judge (see notes)'],
  ['A', 'hairline placed from a suggested edge (S1, S2 … as on screen) and confirmed by the official'],
  ['G', 'mark next to a dropped-frame gap'],
  ['R', 'equal at the published precision: order by the rule book'],
  ['P', 'same reading, separated on the picture (see notes)'],
];

export function resultFlags(r: Omit<FinisherResult, 'flags'>): string[] {
  const f: string[] = [];
  if (r.dead_heat) f.push('DH');
  if (r.typed) f.push('T');
  if (r.hand) f.push('H');
  if (r.judge_distance) f.push('J');
  if (r.suggested) f.push('A');
  if (r.near_gap) f.push('G');
  if (r.tie) f.push('R');
  if (r.notes?.some((n) => n.startsWith('separated on the picture'))) f.push('P');
  return f;
}
