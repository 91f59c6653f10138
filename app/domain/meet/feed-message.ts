/**
 * What a results-feed message and the `.json` beside a meet's `.lif` carry: the `results --json` object, with
 * `publication` saying in one word whether it is `provisional` or `certified` (the `certified` flag is there
 * too), the race's name and, for the feed, the message's sequence number.
 */
import type { ResultsReport } from '../results/results-report.js';
import { compileTemplate, renderTemplate } from './template.js';

export type Publication = 'provisional' | 'certified';

export interface PublishedResults extends ResultsReport {
  race: string;
  publication: Publication;
}

export function publishedResults(report: ResultsReport, race: string): PublishedResults {
  return { ...report, race, publication: report.certified ? 'certified' : 'provisional' };
}

/** The template's data: the published results with `seq`, and `bib`/`time` on each row. */
export function feedData(published: PublishedResults, seq: number): Record<string, unknown> {
  return {
    ...published,
    seq,
    finishers: published.finishers.map((f) => ({ ...f, bib: f.competitor, time: f.time_display })),
    others: published.others.map((o) => ({ ...o, bib: o.competitor })),
  };
}

export function feedMessage(template: string, published: PublishedResults, seq: number): string {
  return renderTemplate(compileTemplate(template), feedData(published, seq));
}
