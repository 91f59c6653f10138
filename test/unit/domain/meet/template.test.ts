/** The results feed's template language and the names of a meet's races. */
import { describe, expect, it } from 'vitest';
import { feedMessage } from '../../../../app/domain/meet/feed-message.js';
import { meetRaceName, parseMeetEvent } from '../../../../app/domain/meet/race-name.js';
import { compileTemplate, DEFAULT_FEED_TEMPLATE, renderTemplate } from '../../../../app/domain/meet/template.js';
import type { ResultsReport } from '../../../../app/domain/results/results-report.js';

const finisher = (place: number, competitor: string, name: string, time: string) =>
  ({ place, competitor, name, time_display: time, time_s: null, time_ns: null, behind_winner_s: null, behind_previous_s: null, margin_display: '', resolution_s: null, dead_heat: false, typed: false, suggested: false }) as ResultsReport['finishers'][number];
const report = {
  sport: 'athletics',
  certified: false,
  revision: 1,
  event: { number: 12, round: 1, heat: 3, name: 'Men 100m Final' },
  finishers: [finisher(1, '7', 'Jürgen Müller', '10.24'), finisher(2, '8', 'Björn Ødegård', '10.50')],
  others: [{ competitor: '9', name: 'Søren Åberg', status: 'DNS' }],
  checks: [],
} as unknown as ResultsReport;
const published = { ...report, race: '012-1-03', publication: 'provisional' as const };

describe('the feed template', () => {
  it('by default: a sequence line, then place,bib,name,time per finisher', () => {
    expect(feedMessage(DEFAULT_FEED_TEMPLATE, published, 41)).toBe('41,012-1-03,provisional\n1,7,Jürgen Müller,10.24\n2,8,Björn Ødegård,10.50\n');
  });

  it('reaches dotted fields, outer fields inside a list, inverted sections, comments and escaped braces', () => {
    const t = '{{! a scoreboard line }}{{event.name}} H{{event.heat}}{{#finishers}}|{{place}}:{{bib}}@{{race}}{{/finishers}}{{#others}}|{{status}} {{bib}}{{/others}}{{^checks}}|no checks{{/checks}} \\{{x}}';
    expect(feedMessage(t, published, 1)).toBe('Men 100m Final H3|1:7@012-1-03|2:8@012-1-03|DNS 9|no checks {{x}}');
    expect(renderTemplate(compileTemplate('{{missing}}|{{event.wind_mps}}'), {})).toBe('|');
  });

  it.each([
    ['{{#finishers}}{{place}}', 'the feed template: {{#finishers}} is never closed'],
    ['{{/finishers}}', 'the feed template line 1: {{/finishers}} closes nothing'],
    ['{{#finishers}}\n{{/others}}', 'the feed template line 2: {{/others}} closes {{#finishers}}'],
    ['{{place name}}', 'the feed template line 1: "{{place name}}" is not a field name (letters, digits, _ and dots)'],
  ])('refuses %j where it is configured', (text, message) => {
    expect(() => compileTemplate(text)).toThrow(message);
  });
});

describe('race names', () => {
  it('are EEE-R-HH, from any way of writing the event', () => {
    expect(meetRaceName(parseMeetEvent('12-1-3'))).toBe('012-1-03');
    expect(meetRaceName(parseMeetEvent('012-1-03'))).toBe('012-1-03');
    expect(meetRaceName(parseMeetEvent('5'))).toBe('005-1-01');
    expect(meetRaceName({ event: 1234, round: 2, heat: 11 })).toBe('1234-2-11');
    expect(() => parseMeetEvent('12-a-3', '--event')).toThrow('--event "12-a-3" is not event-round-heat in whole numbers (e.g. 12-1-3)');
  });
});
