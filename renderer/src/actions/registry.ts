/**
 * What each action of app/api/actions.ts does and when it is enabled. The key handler, the `?` overlay, the buttons
 * and the desktop menu all go through `runAction`, so an action behaves the same however it is asked for; a disabled
 * action does not run (its keys pass through to the page, its buttons are greyed).
 */
import { ACTIONS, type ActionId } from '../../../app/api/actions.js';
import { cycleTheme } from '../app/theme.js';
import { openDeadHeat } from '../session/dead-heat-picks.js';
import { openDialog } from '../session/dialogs.js';
import { stepInspector } from '../session/inspector.js';
import { removeSelectedMark } from '../session/marks.js';
import { openRaceAt, selectInWorkspace } from '../session/navigation.js';
import { showNotice } from '../session/notices.js';
import { isDefaultPicture, resetPicture, toggleInvert } from '../session/picture.js';
import { redo, toggleDirection, undo } from '../session/race.js';
import { finishTyping, selectCompetitor, selectNextCompetitor, typeDigit } from '../session/selection.js';
import { session, type SessionState } from '../session/state.js';
import { suggestEdges } from '../session/suggestions.js';
import { viewer } from '../viewer/viewer-handle.js';
import { matches, type KeyPress } from './key-binding.js';
import { openAnotherRace, pickAndOpen } from './open-actions.js';
import { acceptNearest, centreOnSelected, goToRaceEnd, inspectAtHairline, nudgeOnScreen, placeMarkAtHairline } from './viewer-actions.js';

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

const always = () => true;
const inWorkspace = selectInWorkspace;
const canUndo = (s: SessionState) => inWorkspace(s) && s.race.view?.canUndo === true && !s.race.view.certified;
const canRedo = (s: SessionState) => inWorkspace(s) && s.race.view?.canRedo === true && !s.race.view.certified;
const uncertified = (s: SessionState) => inWorkspace(s) && !s.race.view?.certified;
const pictureAdjusted = (s: SessionState) => inWorkspace(s) && !isDefaultPicture(s.picture);

/** In the workspace, acting on the viewer. */
const onViewer = (run: Behaviour['run']): Behaviour => ({ enabled: inWorkspace, run });

const BEHAVIOUR: Record<ActionId, Behaviour> = {
  'select-by-number': { enabled: inWorkspace, run: (t) => typeDigit(t.key) },
  'select-next': { enabled: inWorkspace, run: () => selectNextCompetitor(1) },
  'select-previous': { enabled: inWorkspace, run: () => selectNextCompetitor(-1) },
  'place-mark': {
    enabled: inWorkspace,
    // Enter after typed digits selects that competitor at once; otherwise it marks at the hairline.
    run: () => {
      if (!finishTyping()) placeMarkAtHairline();
    },
  },
  'nudge-left': { enabled: inWorkspace, run: (t) => nudgeOnScreen('left', t.shift) },
  'nudge-right': { enabled: inWorkspace, run: (t) => nudgeOnScreen('right', t.shift) },
  'remove-mark': { enabled: inWorkspace, run: removeSelectedMark },
  'suggest-edges': { enabled: inWorkspace, run: suggestEdges },
  'accept-suggestion': { enabled: inWorkspace, run: acceptNearest },
  'declare-dead-heat': { enabled: inWorkspace, run: openDeadHeat },
  undo: { enabled: canUndo, run: undo },
  redo: { enabled: canRedo, run: redo },
  deselect: { enabled: inWorkspace, run: () => selectCompetitor(null) },
  'hairline-left': onViewer((t) => viewer()?.moveHairline(t.shift ? -10 : -1)),
  'hairline-right': onViewer((t) => viewer()?.moveHairline(t.shift ? 10 : 1)),
  'zoom-in': onViewer(() => viewer()?.zoomBy(2)),
  'zoom-out': onViewer(() => viewer()?.zoomBy(0.5)),
  fit: onViewer(() => viewer()?.fit()),
  'zoom-16': onViewer(() => viewer()?.zoomToScale(16)),
  'centre-on-mark': onViewer(centreOnSelected),
  'pan-left': onViewer(() => viewer()?.panScreens(-0.25)),
  'pan-right': onViewer(() => viewer()?.panScreens(0.25)),
  'page-left': onViewer(() => viewer()?.panScreens(-1)),
  'page-right': onViewer(() => viewer()?.panScreens(1)),
  'go-to-race-start': onViewer(() => viewer()?.centreOn(0)),
  'go-to-race-end': onViewer(goToRaceEnd),
  'reverse-direction': { enabled: inWorkspace, run: toggleDirection },
  invert: { enabled: inWorkspace, run: toggleInvert },
  'reset-picture': { enabled: pictureAdjusted, run: resetPicture },
  'cycle-theme': { enabled: always, run: cycleTheme },
  'inspect-frame': onViewer(inspectAtHairline),
  'previous-frame': { enabled: inWorkspace, run: () => stepInspector(-1) },
  'next-frame': { enabled: inWorkspace, run: () => stepInspector(1) },
  certify: { enabled: uncertified, run: () => openDialog('certify') },
  amend: {
    enabled: inWorkspace,
    run: () => (session.get().race.view?.certified ? openDialog('amend') : showNotice('Only a certified race needs an amendment.')),
  },
  export: { enabled: inWorkspace, run: () => openDialog('export') },
  'open-race': { enabled: always, run: openAnotherRace },
  shortcuts: { enabled: always, run: () => openDialog('help') },
  'open-frames': { enabled: always, run: () => pickAndOpen('frames') },
  'open-video': { enabled: always, run: () => pickAndOpen('video') },
  'open-recent': { enabled: always, run: (t) => (t.path ? openRaceAt(t.path) : undefined) },
  about: { enabled: always, run: () => openDialog('help') },
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

