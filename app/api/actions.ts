/**
 * Every action an official can take from the keyboard, a button or the desktop app's menu, declared once: its id,
 * label, key bindings and menu accelerator. Pure data, so the Electron menu (main process) and the renderer (key
 * handler, `?` overlay, buttons) read the same list; what each action does, and when it is enabled, the renderer
 * says (renderer/src/actions/). The menu sends an action's id to the renderer as a `menu` event.
 *
 * Adding a shortcut is adding a key to an entry here (and, for a new action, its behaviour in the renderer).
 *
 * Keys are written as KeyboardEvent.key reports them, after any modifiers: 'a', 'D' (Shift+D), '?', 'ArrowLeft',
 * 'Ctrl+Z', 'Ctrl+Shift+Z', 'Shift+ArrowLeft'. Ctrl also means Cmd on macOS. A modifier written is required and one
 * not written must not be held, except Shift on a single character, which is part of the character ('D', '<').
 */
export type ActionGroup = 'Marking' | 'Viewing' | 'Inspector' | 'Race' | 'Capture';

export interface ActionSpec {
  readonly id: string;
  /** Short name: the menu item, the button's tooltip. */
  readonly label: string;
  /**
   * What it does, for the `?` overlay (the label when absent). Actions listed one after the other with the same help
   * (left and right, in and out) share a row there.
   */
  readonly help?: string;
  /** How the overlay writes the keys, where listing every binding would read worse ('←' for ← and Shift+←). */
  readonly keysShown?: string;
  /** Where the `?` overlay lists it; actions without a group (menu only) are not listed there. */
  readonly group?: ActionGroup;
  readonly keys: readonly string[];
  /** The desktop menu's accelerator (Electron syntax), where it differs by platform. */
  readonly accelerator?: string | { readonly mac: string; readonly other: string };
  /**
   * The screen the action belongs to when it is not the workspace's: its keys may then be another screen's too
   * (F fits the race in the workspace and marks a trigger time while recording), never two on one screen.
   */
  readonly screen?: 'capture';
}

const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NUDGE = 'Nudge the selected mark by 0.1 column (Shift: 1 column)';
const HAIRLINE = 'Move the hairline by one screen pixel (Shift: 10)';
const ZOOM = 'Zoom in / out about the hairline (wheel: about the pointer)';
const PAN = 'Pan a quarter screen (or drag the picture, Shift + wheel)';

export const ACTIONS = [
  // Marking
  { id: 'select-by-number', group: 'Marking', label: 'Select by number', help: 'Type a competitor number to select it (Enter: at once)', keys: digits },
  { id: 'select-next', group: 'Marking', label: 'Next competitor', help: 'Select next / previous competitor', keys: ['j'] },
  { id: 'select-previous', group: 'Marking', label: 'Previous competitor', help: 'Select next / previous competitor', keys: ['k'] },
  { id: 'place-mark', group: 'Marking', label: 'Place mark at the hairline', help: "Place the selected competitor's mark at the hairline (or click it)", keys: ['Enter'] },
  { id: 'nudge-left', group: 'Marking', label: 'Nudge mark left', help: NUDGE, keys: ['ArrowLeft', 'Shift+ArrowLeft'], keysShown: '←' },
  { id: 'nudge-right', group: 'Marking', label: 'Nudge mark right', help: NUDGE, keys: ['ArrowRight', 'Shift+ArrowRight'], keysShown: '→' },
  { id: 'remove-mark', group: 'Marking', label: 'Remove the mark', help: "Remove the selected competitor's mark", keys: ['Delete', 'Backspace'], keysShown: 'Delete' },
  { id: 'suggest-edges', group: 'Marking', label: 'Suggest edges', help: 'Suggest leading edges (dashed ghost lines); again to hide them', keys: ['s'] },
  {
    id: 'accept-suggestion',
    group: 'Marking',
    label: 'Accept suggested edge',
    help: 'Accept the suggested edge under the hairline for the selected competitor',
    keys: ['a'],
  },
  { id: 'next-suggestion', group: 'Marking', label: 'Next suggestion', help: 'Choose the next / previous suggested edge to pair (type a number, Enter: marked there)', keys: ['n'] },
  { id: 'previous-suggestion', group: 'Marking', label: 'Previous suggestion', help: 'Choose the next / previous suggested edge to pair (type a number, Enter: marked there)', keys: ['p', 'N'], keysShown: 'P' },
  { id: 'declare-dead-heat', group: 'Marking', label: 'Declare dead heat…', help: 'Declare a dead heat between the finishers ticked in the results', keys: ['D'] },
  { id: 'withdraw-dead-heat', group: 'Marking', label: 'Withdraw dead heat…', help: 'Withdraw the declared dead heat the selected competitor is in', keys: ['W'] },
  { id: 'set-status', group: 'Marking', label: 'Status (DNS, DNF, DQ)…', help: 'Record the selected competitor as DNS, DNF or DQ, or clear it', keys: ['x'] },
  { id: 'undo', group: 'Marking', label: 'Undo', keys: ['Ctrl+Z'], accelerator: 'CmdOrCtrl+Z' },
  { id: 'redo', group: 'Marking', label: 'Redo', help: 'Redo (also Ctrl + Y)', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], keysShown: 'Ctrl + Shift + Z', accelerator: { mac: 'Shift+Cmd+Z', other: 'Ctrl+Y' } },
  { id: 'deselect', group: 'Marking', label: 'Deselect', help: 'Deselect the competitor, close a dialog', keys: ['Escape'] },
  // Viewing
  { id: 'hairline-left', group: 'Viewing', label: 'Hairline left', help: HAIRLINE, keys: [',', '<'], keysShown: ',' },
  { id: 'hairline-right', group: 'Viewing', label: 'Hairline right', help: HAIRLINE, keys: ['.', '>'], keysShown: '.' },
  { id: 'zoom-in', group: 'Viewing', label: 'Zoom in', help: ZOOM, keys: ['+', '='], keysShown: '+', accelerator: 'CmdOrCtrl+=' },
  { id: 'zoom-out', group: 'Viewing', label: 'Zoom out', help: ZOOM, keys: ['-', '_'], keysShown: '−', accelerator: 'CmdOrCtrl+-' },
  { id: 'fit', group: 'Viewing', label: 'Fit the whole race', keys: ['f'], accelerator: 'CmdOrCtrl+0' },
  { id: 'zoom-16', group: 'Viewing', label: '16 pixels per column', help: 'Zoom to 16 screen pixels per column', keys: ['z'] },
  { id: 'centre-on-mark', group: 'Viewing', label: 'Centre on the mark', help: "Centre on the selected competitor's mark", keys: ['c'] },
  { id: 'pan-left', group: 'Viewing', label: 'Pan left', help: PAN, keys: ['Ctrl+ArrowLeft'] },
  { id: 'pan-right', group: 'Viewing', label: 'Pan right', help: PAN, keys: ['Ctrl+ArrowRight'], keysShown: '→' },
  { id: 'page-left', group: 'Viewing', label: 'Pan a screen left', help: 'Pan a whole screen', keys: ['PageUp'] },
  { id: 'page-right', group: 'Viewing', label: 'Pan a screen right', help: 'Pan a whole screen', keys: ['PageDown'] },
  { id: 'go-to-race-start', group: 'Viewing', label: 'Start of the race', help: 'Go to the start / end of the race', keys: ['Home'] },
  { id: 'go-to-race-end', group: 'Viewing', label: 'End of the race', help: 'Go to the start / end of the race', keys: ['End'] },
  {
    id: 'next-trigger',
    group: 'Viewing',
    label: 'Next trigger mark',
    help: 'Put the hairline on the next / previous trigger mark (F1, F2 … marked with F while recording)',
    keys: ['g'],
  },
  {
    id: 'previous-trigger',
    group: 'Viewing',
    label: 'Previous trigger mark',
    help: 'Put the hairline on the next / previous trigger mark (F1, F2 … marked with F while recording)',
    keys: ['G'],
  },
  {
    id: 'reverse-direction',
    group: 'Viewing',
    label: 'Reverse the display direction',
    keys: ['r'],
  },
  {
    id: 'close-up',
    group: 'Viewing',
    label: 'Close-up of the decisive finish',
    help: 'Close-up of the decisive finish (and other close ones), cropped and labelled as the result sheet prints it',
    keys: ['u'],
  },
  { id: 'invert', group: 'Viewing', label: 'Invert', help: 'Invert the picture', keys: ['i'] },
  { id: 'reset-picture', group: 'Viewing', label: 'Reset brightness, contrast, gamma and invert', keys: ['\\'] },
  { id: 'cycle-theme', group: 'Viewing', label: 'Theme', help: 'Theme: system / light / dark', keys: ['t'] },
  // Inspector
  { id: 'inspect-frame', group: 'Inspector', label: 'Show the source frame', help: 'Show the source frame at the hairline', keys: ['v'] },
  { id: 'previous-frame', group: 'Inspector', label: 'Previous frame', help: 'Previous / next source frame', keys: ['['] },
  { id: 'next-frame', group: 'Inspector', label: 'Next frame', help: 'Previous / next source frame', keys: [']'] },
  // Race
  { id: 'set-start', group: 'Race', label: 'Time zero…', help: 'Set time zero: the gun’s report in the sound, its flash, or a typed time', keys: ['T'] },
  { id: 'certify', group: 'Race', label: 'Certify…', help: 'Certify the results', keys: ['C'] },
  { id: 'amend', group: 'Race', label: 'Amend…', help: 'Amend a certified race (asks for a reason)', keys: ['A'] },
  { id: 'edit-event', group: 'Race', label: 'Event…', help: 'The event: meet, number, name, round, heat, date, venue, distance, wind', keys: ['e'] },
  { id: 'export', group: 'Race', label: 'Export…', help: 'Export the result sheet and data', keys: ['E'], accelerator: 'CmdOrCtrl+E' },
  {
    id: 'open-race',
    group: 'Race',
    label: 'Open race…',
    help: 'Open another race (in a browser: back to the start screen)',
    keys: ['Ctrl+O'],
    accelerator: 'CmdOrCtrl+O',
  },
  { id: 'shortcuts', group: 'Race', label: 'Keyboard shortcuts', help: 'This help', keys: ['?'], accelerator: 'F1' },
  // Capture (the capture screen)
  { id: 'capture-mark', group: 'Capture', screen: 'capture', label: 'Mark a trigger time', help: 'Mark a manual trigger time while recording', keys: ['f'] },
  { id: 'capture-record', screen: 'capture', label: 'Record', help: 'Start recording now; the same button then stops it', keys: [] },
  { id: 'capture-stop', screen: 'capture', label: 'Stop', help: 'Stop recording and build the race', keys: [] },
  { id: 'capture-arm', screen: 'capture', label: 'Arm', help: 'Record by itself when something enters the band around the finish line', keys: [] },
  { id: 'capture-disarm', screen: 'capture', label: 'Disarm', keys: [] },
  // Menu only
  { id: 'open-frames', label: 'Open frames…', keys: [], accelerator: 'CmdOrCtrl+Shift+O' },
  { id: 'open-video', label: 'Open video…', keys: [], accelerator: 'CmdOrCtrl+Shift+V' },
  { id: 'open-camera', label: 'Record from a camera…', keys: [] },
  /** One of the recent races (the menu event carries its path). */
  { id: 'open-recent', label: 'Open recent race', keys: [] },
  { id: 'about', label: 'About Photofinish', keys: [] },
] as const satisfies readonly ActionSpec[];

export type ActionId = (typeof ACTIONS)[number]['id'];

const byId = new Map<string, ActionSpec>(ACTIONS.map((a) => [a.id, a]));

export function actionSpec(id: ActionId): ActionSpec {
  return byId.get(id) as ActionSpec;
}

/** The menu accelerator of an action on this platform, if it has one. */
export function acceleratorOf(id: ActionId, isMac: boolean): string | undefined {
  const a = actionSpec(id).accelerator;
  return typeof a === 'object' ? (isMac ? a.mac : a.other) : a;
}
