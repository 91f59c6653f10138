/**
 * What each action of app/api/actions.ts does and when it is enabled. The key handler, the `?` overlay, the buttons
 * and the desktop menu all go through `runAction`, so an action behaves the same however it is asked for; a disabled
 * action does not run (its keys pass through to the page, its buttons are greyed).
 */
import { ACTIONS, type ActionId } from '../../../app/api/actions.js';
import { cycleTheme } from '../session/theme.js';
import { openDeadHeat } from '../session/dead-heat-picks.js';
import { openDialog } from '../session/dialogs.js';
import { stepInspector } from '../session/inspector.js';
import { removeSelectedMark } from '../session/marks.js';
import { captureControls, selectArmed, selectCanArm, selectCanRecord, selectRecording } from '../session/capture.js';
import { openCapture, openRaceAt, selectInWorkspace } from '../session/navigation.js';
import { showNotice } from '../session/notices.js';
import { isDefaultPicture, resetPicture, toggleInvert } from '../session/picture.js';
import { redo, toggleDirection, undo } from '../session/race.js';
import { openStatusDialog, openWithdrawDeadHeat } from '../session/record.js';
import { finishTypingAs, selectCompetitor, selectNextCompetitor, typeDigit } from '../session/selection.js';
import { session, type SessionState } from '../session/state.js';
import { acceptCurrentFor, stepSuggestion, suggestEdges } from '../session/suggestions.js';
import { openStartDialog } from '../session/start.js';
import { viewer } from '../viewer/viewer-handle.js';
import { matches, type KeyPress } from './key-binding.js';
import { openAnotherRace, pickAndOpen } from './open-actions.js';
import { acceptNearest, centreOnSelected, goToRaceEnd, goToTrigger, inspectAtHairline, nudgeOnScreen, placeMarkAtHairline } from './viewer-actions.js';

/** How an action was asked for. */
export interface Trigger {
  /** The key pressed ('' from a button or the menu). */
  key: string;
  /** Shift held: nudges and hairline moves take the bigger step. */
  shift: boolean;
  /** open-recent: the race's folder. */
  path?: string;
}

interface Behaviour {
  enabled(state: SessionState): boolean;
  run(trigger: Trigger): unknown;
}

const inWorkspace = selectInWorkspace;
const everywhere = () => true;
/** Leaving the capture screen would drop a recording: not while one runs. */
const notRecording = (s: SessionState) => s.capture.mode !== 'recording' && s.capture.mode !== 'stopping';
const canUndo = (s: SessionState) => inWorkspace(s) && s.race.view?.canUndo === true && !s.race.view.certified;
const canRedo = (s: SessionState) => inWorkspace(s) && s.race.view?.canRedo === true && !s.race.view.certified;
const uncertified = (s: SessionState) => inWorkspace(s) && !s.race.view?.certified;
const pictureAdjusted = (s: SessionState) => inWorkspace(s) && !isDefaultPicture(s.picture);
/** A close-up needs two hairlines. */
const twoMarks = (s: SessionState) => inWorkspace(s) && (s.race.view?.marks.length ?? 0) >= 2;

const when = (enabled: Behaviour['enabled'], run: Behaviour['run']): Behaviour => ({ enabled, run });
/** Enabled while the workspace shows a race (most actions; those that can still fail say why in a notice). */
const workspace = (run: Behaviour['run']): Behaviour => when(inWorkspace, run);

/**
 * Enter after typed digits is about that number only: it selects the competitor and, while a suggestion is being
 * paired, marks it there (asking first if that would move its mark). Enter alone marks at the hairline.
 */
function enter(): void {
  const typed = finishTypingAs();
  if (typed === 'selected') acceptCurrentFor();
  else if (typed === 'nothing') placeMarkAtHairline();
}

/** N / P: the next / previous suggestion to pair, centred on screen with the hairline on it. */
function stepPairing(step: 1 | -1): void {
  const column = stepSuggestion(step);
  if (column !== null) viewer()?.hairlineTo(column);
}

const BEHAVIOUR: Record<ActionId, Behaviour> = {
  'select-by-number': workspace((t) => typeDigit(t.key)),
  'select-next': workspace(() => selectNextCompetitor(1)),
  'select-previous': workspace(() => selectNextCompetitor(-1)),
  'place-mark': workspace(enter),
  'nudge-left': workspace((t) => nudgeOnScreen('left', t.shift)),
  'nudge-right': workspace((t) => nudgeOnScreen('right', t.shift)),
  'remove-mark': workspace(removeSelectedMark),
  'suggest-edges': workspace(suggestEdges),
  'accept-suggestion': workspace(acceptNearest),
  'next-suggestion': workspace(() => stepPairing(1)),
  'previous-suggestion': workspace(() => stepPairing(-1)),
  'declare-dead-heat': workspace(openDeadHeat),
  'withdraw-dead-heat': workspace(openWithdrawDeadHeat),
  'set-status': workspace(() => openStatusDialog()),
  'edit-event': workspace(() => openDialog('event')),
  undo: when(canUndo, undo),
  redo: when(canRedo, redo),
  deselect: workspace(() => selectCompetitor(null)),
  'hairline-left': workspace((t) => viewer()?.moveHairline(t.shift ? -10 : -1)),
  'hairline-right': workspace((t) => viewer()?.moveHairline(t.shift ? 10 : 1)),
  'zoom-in': workspace(() => viewer()?.zoomBy(2)),
  'zoom-out': workspace(() => viewer()?.zoomBy(0.5)),
  fit: workspace(() => viewer()?.fit()),
  'zoom-16': workspace(() => viewer()?.zoomToScale(16)),
  'centre-on-mark': workspace(centreOnSelected),
  'pan-left': workspace(() => viewer()?.panScreens(-0.25)),
  'pan-right': workspace(() => viewer()?.panScreens(0.25)),
  'page-left': workspace(() => viewer()?.panScreens(-1)),
  'page-right': workspace(() => viewer()?.panScreens(1)),
  'go-to-race-start': workspace(() => viewer()?.centreOn(0)),
  'go-to-race-end': workspace(goToRaceEnd),
  'next-trigger': workspace(() => goToTrigger(1)),
  'previous-trigger': workspace(() => goToTrigger(-1)),
  'reverse-direction': workspace(toggleDirection),
  'close-up': when(twoMarks, () => openDialog('close-up')),
  invert: workspace(toggleInvert),
  'reset-picture': when(pictureAdjusted, resetPicture),
  'cycle-theme': when(everywhere, cycleTheme),
  'inspect-frame': workspace(inspectAtHairline),
  'previous-frame': workspace(() => stepInspector(-1)),
  'next-frame': workspace(() => stepInspector(1)),
  'set-start': workspace(openStartDialog),
  certify: when(uncertified, () => openDialog('certify')),
  amend: workspace(() => (session.get().race.view?.certified ? openDialog('amend') : showNotice('Only a certified race needs an amendment.'))),
  export: workspace(() => openDialog('export')),
  'open-race': when(notRecording, openAnotherRace),
  shortcuts: when(everywhere, () => openDialog('help')),
  'open-frames': when(notRecording, () => pickAndOpen('frames')),
  'open-video': when(notRecording, () => pickAndOpen('video')),
  'open-recent': when(notRecording, (t) => (t.path ? openRaceAt(t.path) : undefined)),
  about: when(everywhere, () => openDialog('help')),
  'capture-mark': when(selectRecording, () => captureControls()?.mark()),
  'capture-record': when(selectCanRecord, () => captureControls()?.record()),
  'capture-stop': when(selectRecording, () => captureControls()?.stop()),
  'capture-arm': when(selectCanArm, () => captureControls()?.arm()),
  'capture-disarm': when(selectArmed, () => captureControls()?.disarm()),
  'open-camera': when(notRecording, openCapture),
};

/** Whether an action can run in this state (a stable function per action, for subscriptions). */
export function enabledIn(id: ActionId): (state: SessionState) => boolean {
  return BEHAVIOUR[id].enabled;
}

const NO_KEY: Trigger = { key: '', shift: false };

/** Runs an action if it is enabled now; false when it is not. */
export function runAction(id: ActionId, trigger: Trigger = NO_KEY): boolean {
  const b = BEHAVIOUR[id];
  if (!b.enabled(session.get())) return false;
  void b.run(trigger);
  return true;
}

/** The enabled action a key press asks for, or null (the key is not the workspace's). */
export function actionForKey(press: KeyPress, state: SessionState): ActionId | null {
  for (const a of ACTIONS) {
    if (a.keys.some((k) => matches(k, press)) && BEHAVIOUR[a.id].enabled(state)) return a.id;
  }
  return null;
}

