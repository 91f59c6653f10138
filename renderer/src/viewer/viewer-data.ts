/**
 * The open race as the viewer draws it: each mark's hairline (colour, label flagging typed and accepted-suggestion
 * marks, column), each suggested edge's ghost (labelled with its time, or with the competitor once accepted), and
 * the F-key trigger marks of a live recording, and the picture adjustments as a CSS filter on the tile layer.
 */
import type { EdgeSuggestion, LeanRaceView } from '../../../app/api/types.js';
import { gapAfterColumn } from '../../../app/domain/race/gap-place.js';
import { raceTimeOfTimeMark, zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { columnAtTime } from '../../../app/domain/time/column-time.js';
import type { Ticks } from '../../../app/domain/time/ticks.js';
import type { Adjustments } from '../session/state.js';
import { UNKNOWN_COMPETITOR, competitorColour } from './colours.js';
import type { ViewerData, ViewerMark, ViewerSuggestion } from './scene.js';
import { suggestionName, suggestionText } from './suggestion-text.js';

/** `times` are on the race clock (from time zero); marks and suggestions kept as footage times are moved onto it. */
export function viewerData(race: LeanRaceView, times: readonly Ticks[], selectedId: string | null, suggestions: readonly EdgeSuggestion[], decimals: number): ViewerData {
  const zero = zeroOfInfo(race.results.start);
  return {
    raceId: race.raceId,
    columns: race.evidence.columns,
    rows: race.evidence.rows,
    times,
    tileWidth: race.evidence.tiles.tileWidth,
    levels: race.evidence.tiles.levels,
    direction: race.direction,
    // A gap before column 0 (however the manifest recorded it) is drawn at the picture's leading edge.
    // Column 0's footage time: the race clock's first time plus time zero.
    gaps: race.evidence.gaps.map((g) => ({ ...g, afterColumn: gapAfterColumn(g, (times[0] ?? 0n) + zero) })),
    decimals,
    clock: race.results.start?.method ? 'race' : 'footage',
    marks: viewerMarks(race, times, selectedId, zero),
    suggestions: suggestions.map((e) => ghostOf(race, e, decimals, zero)),
    // Pressed outside the recorded frames: nowhere on the picture to point at (info lists it).
    triggers: race.triggers.flatMap((t) => (t.milliColumn === null ? [] : [{ label: t.label, column: t.milliColumn / 1000 }])),
  };
}

function viewerMarks(race: LeanRaceView, times: readonly Ticks[], selectedId: string | null, zero: Ticks): ViewerMark[] {
  const colours = new Map(race.competitors.map((c, i) => [c.id, competitorColour(c, i)]));
  return race.marks.map((m) => ({
    competitorId: m.competitorId,
    label: `#${m.competitorId}${m.origin === 'typed' ? ' (typed)' : m.origin === 'suggestion' && m.suggestion ? ` (S${m.suggestion.index + 1})` : ''}`,
    colour: colours.get(m.competitorId) ?? UNKNOWN_COMPETITOR,
    column: m.position.kind === 'column' ? m.position.milliColumn / 1000 : columnAtTime(times, raceTimeOfTimeMark({ ...m, position: m.position }, zero)),
    selected: m.competitorId === selectedId,
  }));
}

/** A suggested edge's ghost; once accepted (a mark at exactly its time, from it) it names the competitor instead. */
function ghostOf(race: LeanRaceView, e: EdgeSuggestion, decimals: number, zero: Ticks): ViewerSuggestion {
  const accepted = race.marks.find((m) => m.origin === 'suggestion' && m.suggestion?.index === e.index && m.position.kind === 'time' && m.position.ns === e.time_ns);
  return {
    index: e.index,
    column: e.column,
    rows: e.rows,
    acceptedFor: accepted?.competitorId ?? null,
    label: accepted ? `${suggestionName(e)} → #${accepted.competitorId}` : suggestionText(e, decimals, zero),
  };
}

/** The adjustments in use as a CSS filter ('none' when none is: even an identity filter costs a compositor pass). */
export function pictureFilter(adjust: Adjustments, gammaFilterUrl: string): string {
  return (
    [
      adjust.brightness !== 1 ? `brightness(${adjust.brightness})` : '',
      adjust.contrast !== 1 ? `contrast(${adjust.contrast})` : '',
      adjust.invert ? 'invert(1)' : '',
      adjust.gamma !== 1 ? gammaFilterUrl : '',
    ]
      .filter(Boolean)
      .join(' ') || 'none'
  );
}
