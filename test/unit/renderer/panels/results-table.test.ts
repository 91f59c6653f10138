/**
 * The workspace's results table and the certify dialog's summary print the published result the engine sends
 * (domain/results) and compute nothing of their own: the same margins as every export, none between dead-heaters.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Mark } from '../../../../app/domain/race/document.js';
import { computeResults } from '../../../../app/domain/results/compute-results.js';
import { FinisherSummary } from '../../../../renderer/src/dialogs/FinisherSummary.js';
import { ResultsTable } from '../../../../renderer/src/panels/ResultsTable.js';
import { showRace } from '../../../../renderer/src/session/race.js';
import { columnTimes, raceView } from '../fakes/race-view.js';

const times = Array.from({ length: 400 }, (_, c) => BigInt(c) * 1_000_000n);
const column = (id: string, milliColumn: number): Mark => ({ competitorId: id, position: { kind: 'column', milliColumn }, origin: 'image', by: 'J', at: 'now' });
const competitors = ['5', '17', '24'].map((id) => ({ id, name: `Driver ${id}` }));

function race() {
  const marks = [column('5', 201_300), column('17', 201_600), column('24', 212_000)];
  const deadHeats = [{ competitors: ['5', '17'], by: 'Referee', at: 'now' }];
  const results = computeResults({ doc: { settings: { sport: { sport: 'athletics' }, direction: 'ltr' }, competitors, marks, deadHeats, revision: 1 }, times, gaps: [] });
  return raceView({ competitors, marks, deadHeats, results, sport: { sport: 'athletics' } });
}

/** The text of every cell with `data-testid` in each row, by competitor. */
function cells(html: string, testId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of html.split('<tr').slice(1)) {
    const id = /data-competitor="([^"]+)"/.exec(row)?.[1];
    const cell = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(row)?.[1];
    if (id !== undefined && cell !== undefined) out[id] = cell;
  }
  return out;
}

describe('results table', () => {
  it('shows the published margins, DH between dead-heaters and never +0.00', () => {
    const view = race();
    showRace(view, columnTimes(times.map(String)));
    const html = renderToStaticMarkup(createElement(ResultsTable));
    expect(cells(html, 'behind-winner')).toEqual({ '5': '—', '17': '', '24': '+0.01' });
    expect(cells(html, 'behind-previous')).toEqual({ '5': '—', '17': 'DH', '24': '+0.01' });
    const f = view.results.finishers;
    expect(f.map((x) => x.behind_previous_display)).toEqual(['', '', '+0.01']);
    expect(html).not.toContain('+0.00');
  });

  it('the certify dialog’s summary gives each finisher the published margin, blank between dead-heaters', () => {
    const html = renderToStaticMarkup(createElement(FinisherSummary, { finishers: race().results.finishers }));
    const margins = [...html.matchAll(/data-testid="summary-margin">([^<]*)</g)].map((m) => m[1]);
    expect(margins).toEqual(['', '', '+0.01']);
  });
});
