/**
 * The words that travel with the posted photo: a headline, the caption (who won, by how much, over whom, and whether
 * the result is certified, by whom and when), the credit, the date of the race, keywords, and the result itself in
 * the semicolon lines Omega's result images carry (`Rank;Bib;Lane;LastName;FirstName;Club;Time;Margin`, the sixth
 * column named for what it holds: Club, Nation, Team, or Affiliation where they are mixed; names split into last and
 * first as the `.lif` splits them). The same words are printed in the photo's caption band and written into its
 * metadata.
 */
import { NOT_VERIFIED, notValidLine } from '../sheet/not-verified.js';
import type { RaceView } from '../../api/types.js';
import { ordinal } from '../../domain/closeup/close-finishes.js';
import type { Competitor } from '../../domain/race/document.js';
import { marginWords } from '../closeups.js';
import { affiliationOf } from '../../domain/race/affiliation.js';
import { splitName } from '../lif.js';
import { identityColumns } from '../sheet/sport-columns.js';
import { fullRaceTitle } from '../sheet/describe.js';
import { instantText } from '../sheet/notes.js';

export interface PhotoCaption {
  title: string;
  headline: string;
  /** One sentence: the decision and the status. */
  summary: string;
  /** "Certified by …, … UTC" or "PROVISIONAL — not certified". */
  status: string;
  credit: string;
  /** The race's date (and start time) as ISO 8601 text, or the evidence build date. */
  dateCreated: string;
  /** The start time of day as the event gives it ("14:05:30"), if it does. */
  startTime: string | null;
  keywords: string[];
  /** Omega-style result lines, with their header line first. */
  results: string[];
  /** Top places for the photo's result panel: tag, name, published time (or distance), margin to the one ahead. */
  podium: { tag: string; name: string; time: string; margin: string }[];
}

const AFFILIATIONS = ['Club', 'Nation', 'Club or nation', 'Team'];

/** The result lines' header: the affiliation column under the sheet's own heading for it ("Club or nation" → ClubOrNation). */
export function resultHeader(sport: string, competitors: readonly Competitor[]): string {
  const title = identityColumns(sport, competitors).find((c) => AFFILIATIONS.includes(c.title))?.title ?? 'Affiliation';
  return `Rank;Bib;Lane;LastName;FirstName;${title.replace(/ or n/, 'OrN')};Time;Margin`;
}
const PODIUM = 8;

const clean = (s: string | undefined) => (s ?? '').replace(/[;\r\n]+/g, ' ').trim();

export function photoCaption(view: RaceView, software: { name: string; version: string }): PhotoCaption {
  const ev = view.event;
  // Newsrooms file a picture under the meet: it leads the headline where the race has one.
  const raceLine = fullRaceTitle(view);
  const title = ev.meet && !raceLine.includes(ev.meet) ? `${ev.meet} — ${raceLine}` : raceLine;
  const placed = view.results.finishers.filter((f) => f.place !== null);
  const byId = new Map(view.competitors.map((c) => [c.id, c]));
  const sport = view.sport.sport;
  const [first, second] = placed;
  const who = (id: string, name: string) => `#${id} ${name}`.trim();
  const margin = first && second ? marginWords(second, first, sport) : '';
  let headline = `${title}: photo finish`;
  if (first && second && second.place === first.place) headline = `${title}: dead heat between ${who(first.competitor, first.name)} and ${who(second.competitor, second.name)}`;
  else if (first && second) headline = `${title}: ${who(first.competitor, first.name)} wins by ${margin.replace(/^\+/, '') || 'a margin the image shows'} from ${who(second.competitor, second.name)}`;
  else if (first) headline = `${title}: ${who(first.competitor, first.name)} wins`;

  const c = view.certified;
  const notValid = notValidLine(view);
  const status = c
    ? `Certified by ${c.official}${c.role ? `, ${c.role}` : ''}, ${instantText(c.at)} (revision ${c.revision})`
    : notValid
      ? `${NOT_VERIFIED} — ${notValid} (revision ${view.revision})`
      : `PROVISIONAL — not certified (revision ${view.revision})`;
  const animals = sport === 'horse' || sport === 'greyhound';
  const names = (name: string, comp: Competitor | undefined) => splitName(name, comp?.firstName, comp?.lastName, animals);
  const results = [
    resultHeader(sport, view.competitors),
    // The published result's own time and margin behind the one ahead (blank between dead-heaters).
    ...view.results.finishers.map((f) => {
      const comp = byId.get(f.competitor);
      const [last, firstName] = names(f.name, comp);
      return [f.place ?? '', f.competitor, f.lane ?? comp?.lane ?? '', last, firstName, f.team ?? affiliationOf(comp) ?? '', f.time_display, f.behind_previous_display ?? f.margin_display].map((x) => clean(String(x))).join(';');
    }),
    // DNS, DNF and DQ stand in the rank column, as FinishLynx and Omega write them; nobody goes missing.
    ...view.results.others
      .filter((o) => o.status !== 'unmarked')
      .map((o) => {
        const comp = byId.get(o.competitor);
        const [last, firstName] = names(o.name, comp);
        // A DQ after finishing keeps its time for the record, as on the sheet and in the files.
        return [o.status, o.competitor, comp?.lane ?? '', last, firstName, o.team ?? affiliationOf(comp) ?? '', o.time_display, ''].map((x) => clean(String(x))).join(';');
      }),
  ];
  const meta = view.meta;
  const day = ev.date ?? meta.date;
  const date = day ? `${day}${ev.start_time ? `T${ev.start_time}` : ''}` : view.evidence.builtAt;
  const venue = ev.venue;
  const keywords = [
    'photo finish',
    view.results.sport,
    ev.meet,
    ev.name,
    meta.name,
    venue,
    c ? 'certified' : 'provisional',
    ...placed.slice(0, 3).map((f) => `#${f.competitor} ${f.name}`.trim()),
  ].filter((k): k is string => typeof k === 'string' && k.trim().length > 0);
  return {
    title,
    headline,
    summary: `${headline}. ${status}.`,
    status,
    credit: c ? `Photo finish: ${c.official}${venue ? `, ${venue}` : ''} (${software.name})` : `Photo finish, provisional (${software.name})`,
    dateCreated: date,
    startTime: ev.start_time ?? null,
    keywords: [...new Set(keywords)],
    results,
    podium: placed.slice(0, PODIUM).map((f, i) => ({
      tag: `${ordinal(f.place as number)} #${f.competitor}`,
      name: f.name,
      time: f.time_display || f.lengths_display || '',
      margin: i === 0 ? '' : marginWords(f, placed[i - 1] as typeof f, sport),
    })),
  };
}
