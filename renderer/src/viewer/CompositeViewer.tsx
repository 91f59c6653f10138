/** React shell of the composite viewer: mounts the canvases once and hands data to the imperative engine. */
import { useEffect, useMemo, useRef } from 'react';
import { decimalsForResolution } from '../../../app/domain/viewport/readout.js';
import { tilePath } from '../../../app/domain/race/evidence.js';
import { rendererApi } from '../api/index.js';
import { dragMarkTo, placeMarkAt } from '../session/marks.js';
import { selectPicture } from '../session/picture.js';
import { selectRace, selectResolution, selectTimes } from '../session/race.js';
import { selectSelectedId } from '../session/selection.js';
import { useSession } from '../session/state.js';
import { selectSuggestions } from '../session/suggestions.js';
import { pictureFilter, viewerData } from './viewer-data.js';
import { ViewerEngine } from './viewer-engine.js';
import { setViewer } from './viewer-handle.js';

export function CompositeViewer({ onHover }: { onHover(milli: number | null): void }) {
  const race = useSession(selectRace);
  const times = useSession(selectTimes);
  const resolutionNs = useSession(selectResolution);
  const selectedId = useSession(selectSelectedId);
  const suggestions = useSession(selectSuggestions);
  const adjust = useSession(selectPicture);
  const containerRef = useRef<HTMLDivElement>(null);
  const tileRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const readoutRef = useRef<HTMLOutputElement>(null);
  const engineRef = useRef<ViewerEngine | null>(null);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;

  useEffect(() => {
    const engine = new ViewerEngine(
      containerRef.current as HTMLDivElement,
      tileRef.current as HTMLCanvasElement,
      overlayRef.current as HTMLCanvasElement,
      readoutRef.current as HTMLOutputElement,
      {
        fetchTile: (raceId, level, index) => rendererApi.fetchRaceFile(raceId, tilePath(level, index)),
        onClick: (milli) => void placeMarkAt(milli),
        onDropMark: (id, milli) => void dragMarkTo(id, milli),
        onHover: (milli) => hoverRef.current(milli),
      },
    );
    engineRef.current = engine;
    setViewer(engine);
    return () => {
      setViewer(null);
      engine.destroy();
      engineRef.current = null;
    };
  }, []);

  const decimals = useMemo(() => decimalsForResolution(resolutionNs), [resolutionNs]);

  useEffect(() => {
    if (race) engineRef.current?.setData(viewerData(race, times, selectedId, suggestions, decimals));
  }, [race, times, selectedId, suggestions, decimals]);

  const gammaExp = (1 / Math.max(0.1, adjust.gamma)).toFixed(3);
  const filter = pictureFilter(adjust, 'url(#pf-gamma)');

  return (
    <div className="viewer">
      <svg className="visually-hidden" aria-hidden="true" width="0" height="0">
        <filter id="pf-gamma" colorInterpolationFilters="sRGB">
          <feComponentTransfer>
            <feFuncR type="gamma" amplitude="1" exponent={gammaExp} offset="0" />
            <feFuncG type="gamma" amplitude="1" exponent={gammaExp} offset="0" />
            <feFuncB type="gamma" amplitude="1" exponent={gammaExp} offset="0" />
          </feComponentTransfer>
        </filter>
      </svg>
      <div
        ref={containerRef}
        className={`viewer-canvas${race?.certified ? ' read-only' : ''}`}
        data-testid="composite"
        aria-label="Composite photo-finish image. Click a leading edge to place the selected competitor's mark; drag its hairline to move it."
        role="img"
      >
        <canvas ref={tileRef} className="tile-layer" style={{ filter }} />
        <canvas ref={overlayRef} className="overlay-layer" />
      </div>
      <output ref={readoutRef} className="readout" data-testid="hairline-readout" aria-live="off" />
    </div>
  );
}
