/**
 * The Close-up: the decisive finish (and any other close one) enlarged with the same crop, scale rule and labels as
 * the result sheet prints, so what the judge looks at is what gets signed. The crop comes from the engine
 * (getCloseups); the layout from the domain's close-up plan, here in whole screen pixels.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CloseupsView, CloseupView } from '../../../app/api/types.js';
import { closeupWho, columnRepeatWords, noCloseupWords } from '../../../app/domain/closeup/closeup-words.js';
import { messageOf } from '../session/errors.js';
import { Dialog } from '../dialogs/Dialog.js';
import { api, selectRace } from '../session/race.js';
import { useSession } from '../session/state.js';
import { competitorColour } from '../viewer/colours.js';
import { fontOf, layoutCloseup, paintCloseup, type CloseupLayout } from './closeup-canvas.js';

const ROOM = { width: 860, height: 520 };

function tabLabel(c: CloseupView): string {
  const first = c.subjects[0]?.tag.split(' ')[0] ?? '';
  const last = c.subjects[c.subjects.length - 1]?.tag.split(' ')[0] ?? '';
  return `${first}–${last}${c.decisive ? ' (decisive)' : ''}`;
}

export function CloseupDialog({ onClose }: { onClose(): void }) {
  const race = useSession(selectRace);
  const [data, setData] = useState<CloseupsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const raceId = race?.raceId;
  const revision = race?.revision;
  const marks = race?.marks;

  useEffect(() => {
    if (!raceId) return;
    let live = true;
    setError(null);
    api()
      .getCloseups({ raceId })
      .then((d) => {
        if (live) setData(d);
      })
      .catch((err: unknown) => {
        if (live) setError(messageOf(err));
      });
    return () => {
      live = false;
    };
  }, [raceId, revision, marks]);

  const competitors = race?.competitors;
  // One function per start list, so the canvas paints again only when something it shows changed.
  const colourOf = useCallback(
    (id: string) => {
      const i = competitors?.findIndex((c) => c.id === id) ?? -1;
      const c = competitors?.[i];
      return c ? competitorColour(c, i) : '#ffffff';
    },
    [competitors],
  );

  if (!race) return null;
  const current = data?.closeups[Math.min(index, data.closeups.length - 1)];

  return (
    <Dialog title="Close-up" onClose={onClose} wide className="closeup-dialog" testId="closeup-dialog">
      <div className="form">
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        {!data && !error ? <p className="muted">Finding the competitors in the image…</p> : null}
        {data && data.closeups.length === 0 ? <p>{noCloseupWords(race.marks.length)}</p> : null}
        {data && data.closeups.length > 1 ? (
          <div className="closeup-tabs" role="tablist" aria-label="Close finishes">
            {data.closeups.map((c, i) => (
              <button key={i} type="button" role="tab" aria-selected={c === current} className={c === current ? 'selected' : ''} onClick={() => setIndex(i)}>
                {tabLabel(c)}
              </button>
            ))}
          </div>
        ) : null}
        {current ? <CloseupCanvas closeup={current} rtl={race.direction === 'rtl'} colourOf={colourOf} /> : null}
        {current && data ? <p className="hint" data-testid="closeup-caption">{caption(current, data.closeups.indexOf(current), data.closeups.length)}</p> : null}
        {data && data.left.length > 0 ? <p className="hint">Also close, not enlarged on the sheet: {data.left.join(', ')}.</p> : null}
      </div>
    </Dialog>
  );
}

function caption(c: CloseupView, i: number, n: number): string {
  const how = c.crop.columnRepeat > 1 ? columnRepeatWords(c.crop.columnRepeat) : 'one column as wide as one row is tall';
  const rows = c.bodiesFound ? `rows ${c.crop.top}–${c.crop.bottom - 1} (cropped to the competitors)` : 'every row';
  return `Close-up ${i + 1} of ${n}, ${closeupWho(c.subjects, c.decisive)}. Image columns ${c.crop.start}–${c.crop.end - 1}, ${rows}; ${c.columnTime}, ${how}; pixels enlarged whole, never smoothed. The result sheet prints this crop with these labels.`;
}

function CloseupCanvas({ closeup, rtl, colourOf }: { closeup: CloseupView; rtl: boolean; colourOf(id: string): string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [layout, setLayout] = useState<CloseupLayout | null>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const measure = (text: string, bold: boolean) => {
      ctx.font = fontOf(bold);
      return ctx.measureText(text).width;
    };
    const l = layoutCloseup(closeup, ROOM, rtl, colourOf, measure);
    const image = new Image();
    let live = true;
    image.onload = () => {
      if (!live) return;
      const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1));
      canvas.width = l.width * dpr;
      canvas.height = l.height * dpr;
      canvas.style.width = `${l.width}px`;
      canvas.style.height = `${l.height}px`;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      paintCloseup(ctx, l, image);
      setLayout(l);
    };
    image.src = closeup.dataUrl;
    return () => {
      live = false;
    };
  }, [closeup, rtl, colourOf]);

  return (
    <canvas
      ref={ref}
      className="closeup-canvas"
      data-testid="closeup-canvas"
      data-units-per-row={layout?.scale.unitsPerRow}
      data-units-per-column={layout?.scale.unitsPerColumn}
      data-image-left={layout?.imageLeft}
      data-image-top={layout?.imageTop}
      aria-label={`Close-up: ${closeup.subjects.map((s) => s.tag).join(', ')}`}
    />
  );
}
