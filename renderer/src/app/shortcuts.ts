/** Every keyboard shortcut, in one list: the help overlay shows it, the workspace handles it. */
export interface Shortcut {
  keys: string;
  action: string;
  group: 'Marking' | 'Viewing' | 'Inspector' | 'Race';
}

export const SHORTCUTS: Shortcut[] = [
  { group: 'Marking', keys: '0–9', action: 'Type a competitor number to select it' },
  { group: 'Marking', keys: 'J / K', action: 'Select next / previous competitor' },
  { group: 'Marking', keys: 'Click', action: "Place the selected competitor's mark at the hairline" },
  { group: 'Marking', keys: 'Enter', action: "Place the selected competitor's mark at the hairline (keyboard)" },
  { group: 'Marking', keys: '← / →', action: 'Nudge the selected mark by 0.1 column' },
  { group: 'Marking', keys: 'Shift + ← / →', action: 'Nudge the selected mark by 1 column' },
  { group: 'Marking', keys: 'Delete', action: "Remove the selected competitor's mark" },
  { group: 'Marking', keys: 'S', action: 'Suggest leading edges (dashed ghost lines); again to hide them' },
  { group: 'Marking', keys: 'A', action: 'Accept the suggested edge under the hairline for the selected competitor' },
  { group: 'Marking', keys: 'Shift + D', action: 'Declare a dead heat between the finishers ticked in the results' },
  { group: 'Marking', keys: 'Ctrl + Z', action: 'Undo' },
  { group: 'Marking', keys: 'Ctrl + Shift + Z', action: 'Redo (also Ctrl + Y)' },
  { group: 'Marking', keys: 'Esc', action: 'Deselect the competitor, close a dialog' },
  { group: 'Viewing', keys: ', / .', action: 'Move the hairline by one screen pixel (Shift: 10)' },
  { group: 'Viewing', keys: '+ / −', action: 'Zoom in / out about the hairline (wheel: about the pointer)' },
  { group: 'Viewing', keys: 'F', action: 'Fit the whole race' },
  { group: 'Viewing', keys: 'Z', action: 'Zoom to 16 screen pixels per column' },
  { group: 'Viewing', keys: 'C', action: "Centre on the selected competitor's mark" },
  { group: 'Viewing', keys: 'Ctrl + ← / →', action: 'Pan a quarter screen (or drag the picture, Shift + wheel)' },
  { group: 'Viewing', keys: 'PgUp / PgDn', action: 'Pan a whole screen' },
  { group: 'Viewing', keys: 'Home / End', action: 'Go to the start / end of the race' },
  { group: 'Viewing', keys: 'R', action: 'Reverse the display direction' },
  { group: 'Viewing', keys: 'I', action: 'Invert the picture' },
  { group: 'Viewing', keys: '\\', action: 'Reset brightness, contrast, gamma and invert' },
  { group: 'Viewing', keys: 'T', action: 'Theme: system / light / dark' },
  { group: 'Inspector', keys: 'V', action: 'Show the source frame at the hairline' },
  { group: 'Inspector', keys: '[ / ]', action: 'Previous / next source frame' },
  { group: 'Race', keys: 'Shift + C', action: 'Certify the results' },
  { group: 'Race', keys: 'Shift + A', action: 'Amend a certified race (asks for a reason)' },
  { group: 'Race', keys: 'Shift + E', action: 'Export the result sheet and data' },
  { group: 'Race', keys: 'Ctrl + O', action: 'Back to the start screen (open another race)' },
  { group: 'Race', keys: '?', action: 'This help' },
];
