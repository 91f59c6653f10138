/**
 * The workspace session: one store, in slices. Each slice has its own module (actions and selectors beside it);
 * an action replaces only the slices it changes, so components subscribed to other slices are not rendered again.
 * Nothing here touches the DOM: where a change needs the page (focusing a field), a slice says so and the component
 * that owns the element acts on it.
 */
import type { AppInfo, ColumnTimesView, EdgeSuggestion, LeanRaceView } from '../../../app/api/types.js';
import type { Ticks } from '../../../app/domain/time/ticks.js';
import { createStore, useStore } from './store.js';
import type { StartPlan } from './start.js';

export type SetupKind = 'frames' | 'video' | 'linescan';
/** Set-up filled from a meet's schedule: the race's name, folder and start list (lynx.evt and its event). */
export interface SetupPreset {
  meet: string;
  name: string;
  out: string;
  startList: string | null;
  startListEvent: string;
}
export type Screen =
  | { kind: 'start' }
  | { kind: 'setup'; source: string; sourceKind: SetupKind; preset?: SetupPreset }
  | { kind: 'capture'; preset?: SetupPreset }
  | { kind: 'workspace' }
  | { kind: 'meet'; path: string };
export type Dialog = null | 'help' | 'certify' | 'amend' | 'export' | 'dead-heat' | 'close-up' | 'event' | 'status' | 'withdraw-dead-heat' | 'start' | 'move-mark' | 'start-list';
export type Saving = 'idle' | 'saving' | 'saved' | 'failed';

/** Display-only picture adjustments (the evidence is never changed). */
export interface Adjustments {
  brightness: number;
  contrast: number;
  gamma: number;
  invert: boolean;
}

export interface SessionState {
  navigation: {
    info: AppInfo | null;
    screen: Screen;
    /** A blocking activity ("Opening the demo race…"), shown as a loading state. */
    busy: string | null;
  };
  notices: {
    /** The last failure, shown in an alert bar until dismissed. */
    error: string | null;
    /** A short-lived notice (e.g. "Race is certified: amend it to change marks"). */
    notice: string | null;
    /** Counts the times a change needed the official's name: the header's name field takes focus each time. */
    officialNameWanted: number;
  };
  dialog: { open: Dialog };
  race: {
    view: LeanRaceView | null;
    /** The column times of the race on screen as the engine gave them (footage clock), fetched once per race. */
    columnTimes: ColumnTimesView | null;
    /** `columnTimes` converted once, on the race clock (footage time − time zero; the footage clock while none is set). */
    times: Ticks[];
    /** Median column interval: the evidence's resolution (readout decimals, results header). */
    resolutionNs: Ticks;
    saving: Saving;
  };
  selection: {
    competitorId: string | null;
    /** Digits typed so far to select a competitor by number. */
    typed: string;
  };
  /** `current`: the suggestion being paired (typing a number + Enter marks that competitor there); null: none. */
  suggestions: { edges: EdgeSuggestion[]; current: number | null };
  /** A placement that would move a competitor's existing mark, waiting for the official's yes (the move-mark dialog). */
  move: { pending: PendingMove | null };
  /** Finishers ticked in the results table for a dead-heat declaration (ids, in the order ticked). */
  deadHeat: { picks: string[] };
  picture: Adjustments;
  /** The source-frame inspector: which column it shows, how many frames from it, whether it follows the hairline. */
  inspector: { column: number | null; step: number; follow: boolean };
  /** How time zero is to be found, as chosen in set-up (the Start dialog opens with it once the race is built). */
  start: { plan: StartPlan | null };
  /** The capture screen's recorder: what Record, Stop, Arm and the F key may do now. */
  capture: { mode: 'none' | 'idle' | 'armed' | 'recording' | 'stopping' };
}

/** Where a mark is to go: a column (thousandths) on the picture, or a suggested edge. */
export type Placement = { milliColumn: number } | { suggestion: number };

export interface PendingMove {
  competitorId: string;
  /** The times as the question reads them ("Move #5 from 0.2013 to 0.1432?"). */
  from: string;
  to: string;
  placement: Placement;
}

export const DEFAULT_PICTURE: Adjustments = { brightness: 1, contrast: 1, gamma: 1, invert: false };

export function initialSession(): SessionState {
  return {
    navigation: { info: null, screen: { kind: 'start' }, busy: null },
    notices: { error: null, notice: null, officialNameWanted: 0 },
    dialog: { open: null },
    race: { view: null, columnTimes: null, times: [], resolutionNs: 0n, saving: 'idle' },
    selection: { competitorId: null, typed: '' },
    suggestions: { edges: [], current: null },
    move: { pending: null },
    deadHeat: { picks: [] },
    picture: DEFAULT_PICTURE,
    inspector: { column: null, step: 0, follow: true },
    start: { plan: null },
    capture: { mode: 'none' },
  };
}

export const session = createStore<SessionState>(initialSession());

/** The part of the session `select` picks (see useStore: declare selectors once, return parts of the state). */
export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(session, select);
}

/** Changes part of one slice; every other slice keeps its identity. */
export function setSlice<K extends keyof SessionState>(key: K, patch: Partial<SessionState[K]>): void {
  session.set((s) => ({ [key]: { ...s[key], ...patch } }) as Partial<SessionState>);
}
