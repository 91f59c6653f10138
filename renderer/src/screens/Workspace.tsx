/** Read & mark: the composite viewer, start list, live results and the source-frame inspector. Keyboard-first. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_SCALE } from '../../../app/domain/viewport/viewport.js';
import {
  acceptSuggestion,
  goToStart,
  nudgeSelected,
  openDeadHeat,
  openDialog,
  placeMarkAt,
  redo,
  removeSelectedMark,
  selectCompetitor,
  session,
  showNotice,
  suggestEdges,
  toggleDirection,
  undo,
} from '../app/session.js';
import { useStore } from '../app/store.js';
import { cycleTheme } from '../app/theme.js';
import { AdjustBar, DEFAULT_ADJUST } from '../panels/AdjustBar.js';
import { Inspector, inspectColumn, inspectorStore, stepInspector } from '../panels/Inspector.js';
import { ResultsTable } from '../panels/ResultsTable.js';
import { StartListPanel } from '../panels/StartListPanel.js';
import { CompositeViewer, type Adjustments } from '../viewer/CompositeViewer.js';
import { viewer } from '../viewer/viewer-handle.js';

const CONTROL_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', ' ', 'Enter']);

/**
 * Whether a key belongs to the focused control rather than to the workspace: everything typed into text fields,
 * and the keys that move a slider, checkbox or list. Letter shortcuts still work with a slider focused.
 */
function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    if (type === 'range' || type === 'checkbox' || type === 'radio') return CONTROL_KEYS.has(key);
    return true;
  }
  if (tag === 'BUTTON') return key === ' ' || key === 'Enter';
  return false;
}

export function Workspace() {
  const s = useStore(session);
  const [adjust, setAdjust] = useState<Adjustments>(DEFAULT_ADJUST);
  const [typed, setTyped] = useState('');
  const typedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const followTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const race = s.race;

  const onHover = useCallback((milli: number | null) => {
    clearTimeout(followTimer.current);
    if (milli === null || !inspectorStore.get().follow) return;
    // The inspector follows the hairline once the pointer rests, not on every pixel.
    followTimer.current = setTimeout(() => inspectColumn(milli / 1000), 250);
  }, []);

  const selectTyped = useCallback((text: string) => {
    const r = session.get().race;
    if (!r || !text) return;
    const hit = r.competitors.find((c) => c.id === text) ?? r.competitors.find((c) => c.id.replace(/^0+/, '') === text.replace(/^0+/, ''));
    if (hit) selectCompetitor(hit.id);
    else showNotice(`No competitor number ${text} in the start list.`);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (keyBelongsToControl(e.target, e.key) || session.get().dialog) return;
      const v = viewer();
      const st = session.get();
      const r = st.race;
      if (!r) return;
      const ctrl = e.ctrlKey || e.metaKey;
      const k = e.key;
      let handled = true;
      if (/^[0-9]$/.test(k) && !ctrl && !e.altKey) {
        const next = (typed + k).slice(-6);
        setTyped(next);
        clearTimeout(typedTimer.current);
        typedTimer.current = setTimeout(() => {
          selectTyped(next);
          setTyped('');
        }, 700);
      } else if (k === 'Enter' && typed) {
        clearTimeout(typedTimer.current);
        selectTyped(typed);
        setTyped('');
      } else if (ctrl && (k === 'z' || k === 'Z') && !e.shiftKey) void undo();
      else if (ctrl && ((k === 'z' || k === 'Z') && e.shiftKey || k === 'y')) void redo();
      else if (ctrl && k === 'o') goToStart();
      else if (ctrl && k === 'ArrowLeft') v?.panScreens(-0.25);
      else if (ctrl && k === 'ArrowRight') v?.panScreens(0.25);
      else if (ctrl) handled = false;
      else if (k === 'ArrowLeft' || k === 'ArrowRight') {
        // Arrows move the mark the way they point on screen, whichever way time runs.
        const towardsEnd = (k === 'ArrowRight') === (r.direction === 'ltr');
        void nudgeSelected((towardsEnd ? 1 : -1) * (e.shiftKey ? 1000 : 100));
      } else if (k === 'Enter') {
        if (v) void placeMarkAt(v.cursorMilliColumn);
      } else if (k === 'Delete' || k === 'Backspace') void removeSelectedMark();
      else if (k === 'Escape') selectCompetitor(null);
      else if (k === 'j' || k === 'k') {
        const ids = r.competitors.map((c) => c.id);
        if (ids.length) {
          const i = st.selectedId ? ids.indexOf(st.selectedId) : -1;
          const n = k === 'j' ? (i + 1) % ids.length : (i - 1 + ids.length) % ids.length;
          selectCompetitor(ids[n] as string);
        }
      } else if (k === '+' || k === '=') v?.zoomBy(2);
      else if (k === '-' || k === '_') v?.zoomBy(0.5);
      else if (k === 'f') v?.fit();
      else if (k === 'z') v?.zoomToScale(16);
      else if (k === 'c') centreOnSelected();
      else if (k === ',' || k === '<') v?.moveHairline(e.shiftKey ? -10 : -1);
      else if (k === '.' || k === '>') v?.moveHairline(e.shiftKey ? 10 : 1);
      else if (k === 'PageUp') v?.panScreens(-1);
      else if (k === 'PageDown') v?.panScreens(1);
      else if (k === 'Home') v?.centreOn(0);
      else if (k === 'End') v?.centreOn(r.evidence.columns - 1);
      else if (k === 'r') void toggleDirection();
      else if (k === 'i') setAdjust((a) => ({ ...a, invert: !a.invert }));
      else if (k === '\\') setAdjust(DEFAULT_ADJUST);
      else if (k === 't') cycleTheme();
      else if (k === 'v') {
        if (v) inspectColumn(v.cursorMilliColumn / 1000);
      } else if (k === '[') stepInspector(-1);
      else if (k === ']') stepInspector(1);
      else if (k === 's') void suggestEdges();
      else if (k === 'a') acceptNearest();
      else if (k === 'D') openDeadHeat();
      else if (k === 'C') openDialog(r.certified ? null : 'certify');
      else if (k === 'A') {
        if (r.certified) openDialog('amend');
        else showNotice('Only a certified race needs an amendment.');
      } else if (k === 'E') openDialog('export');
      else if (k === '?') openDialog('help');
      else handled = false;
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [typed, selectTyped]);

  if (!race) return null;
  return (
    <div className="workspace">
      <AdjustBar adjust={adjust} setAdjust={setAdjust} />
      <CompositeViewer adjust={adjust} onHover={onHover} />
      <div className="panels">
        <StartListPanel typed={typed} />
        <ResultsTable />
        <Inspector />
      </div>
    </div>
  );
}

function centreOnSelected(): void {
  const s = session.get();
  const m = s.race?.marks.find((x) => x.competitorId === s.selectedId);
  const v = viewer();
  if (!m || !v) {
    showNotice('Select a competitor with a mark to centre on it.');
    return;
  }
  if (m.position.kind === 'column') {
    v.centreOn(m.position.milliColumn / 1000);
    if (v.viewport.scale < 4) v.zoomToScale(Math.min(MAX_SCALE, 16), v.screenXOfColumn(m.position.milliColumn / 1000));
  }
}

/** How close (screen pixels) the hairline must be to a ghost line for A to accept it. */
const ACCEPT_REACH_PX = 24;

function acceptNearest(): void {
  const s = session.get();
  const v = viewer();
  if (!v || s.suggestions.length === 0) {
    showNotice('No suggestions shown. Press S to look for leading edges.');
    return;
  }
  const c = v.cursorMilliColumn / 1000;
  const nearest = s.suggestions.reduce((a, b) => (Math.abs(b.column - c) < Math.abs(a.column - c) ? b : a));
  // Only an edge the official is looking at: never one elsewhere in the race, off screen.
  const px = Math.abs(v.screenXOfColumn(nearest.column) - v.screenXOfColumn(c));
  if (px > ACCEPT_REACH_PX) {
    showNotice(`No suggested edge within ${ACCEPT_REACH_PX} px of the hairline: put the hairline on a dashed ghost line, then press A.`);
    return;
  }
  void acceptSuggestion(nearest.index);
}
