/**
 * Source-frame inspector: the original frame behind a composite column, with the finish line drawn, stepping to
 * the previous or next frame, so officials can see which car or runner an edge belongs to.
 */
import { useEffect, useState } from 'react';
import type { FinishLine } from '../../../app/domain/race/evidence.js';
import type { FrameImage } from '../../../app/api/types.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';
import { ActionButton } from '../actions/ActionButton.js';
import { selectInspector, setInspectorFollows } from '../session/inspector.js';
import { selectRace, selectRaceId } from '../session/race.js';
import { zeroOfInfo } from '../../../app/domain/start/race-clock.js';
import { useSession } from '../session/state.js';
import { FINISH_LINE } from '../viewer/colours.js';

export function Inspector() {
  const raceId = useSession(selectRaceId);
  const ins = useSession(selectInspector);
  // Frame times come on the footage clock; shown, like every time, from time zero.
  const zero = zeroOfInfo(useSession(selectRace)?.results.start);
  const [frame, setFrame] = useState<FrameImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!raceId || ins.column === null) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      rendererApi.api
        .getSourceFrame({ raceId, column: Math.max(0, ins.column as number), step: ins.step })
        .then((f) => {
          if (!live) return;
          setFrame(f);
          setError(null);
        })
        .catch((err) => live && setError(messageOf(err)))
        .finally(() => live && setLoading(false));
    }, 60);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [raceId, ins.column, ins.step]);

  return (
    <section className="panel inspector" aria-labelledby="inspector-title">
      <header className="panel-head">
        <h2 id="inspector-title">Source frame</h2>
        <div className="row">
          <ActionButton action="previous-frame" disabled={!frame} aria-label="Previous frame">
            ◀
          </ActionButton>
          <ActionButton action="next-frame" disabled={!frame} aria-label="Next frame">
            ▶
          </ActionButton>
          <label className="check" title="Follow the hairline when the pointer rests">
            <input type="checkbox" checked={ins.follow} onChange={(e) => setInspectorFollows(e.target.checked)} /> follow
          </label>
        </div>
      </header>
      {/* One stage of fixed size for whatever is shown (hint, loading, frame, error), and a caption of fixed height:
          the panel never changes size with the frame's aspect or the length of a message. */}
      <figure className={`frame${loading && frame ? ' loading' : ''}`} data-testid="inspector-frame">
        <div className="frame-stage" data-testid="inspector-stage" data-state={error ? 'error' : frame ? 'frame' : loading ? 'loading' : 'empty'}>
          {error ? (
            <p className="stage-message error-text" data-testid="inspector-error" role="alert">
              {error}
            </p>
          ) : frame ? (
            <>
              <img src={frame.dataUrl} alt={`Source frame ${frame.frameIndex} (frames 0–${frame.frameCount - 1})`} />
              {/* Letterboxed the same way as the image (contain / meet), so the line stays on the pixels it crosses. */}
              <svg viewBox={`0 0 ${frame.width} ${frame.height}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true">
                {frame.line ? <LineShape line={frame.line} height={frame.height} /> : null}
              </svg>
            </>
          ) : (
            <p className="stage-message empty">{loading ? 'Loading the source frame…' : 'Rest the pointer on the composite (or press V) to see the original frame at the hairline.'}</p>
          )}
        </div>
        <figcaption>
          {frame && !error ? (
            <>
              {/* Numbered from 0, as the frame files, the evidence and the sheet number them (frame_00143.jpg is frame 143). */}
              Frame <strong>{frame.frameIndex}</strong> of 0–{frame.frameCount - 1}
              {frame.timeNs !== null ? <> · {formatSeconds(BigInt(frame.timeNs) - zero, 4)} s</> : null}
              {ins.step !== 0 ? <span className="muted"> ({ins.step > 0 ? '+' : ''}{ins.step} from hairline)</span> : null}
              <span className="muted file" title={frame.file}> · {frame.file.split(/[\\/]/).pop()}</span>
            </>
          ) : null}
        </figcaption>
      </figure>
    </section>
  );
}

function LineShape({ line, height }: { line: FinishLine; height: number }) {
  const [x1, y1, x2, y2] = line.kind === 'column' ? [line.x + 0.5, 0, line.x + 0.5, height] : [line.x1, line.y1, line.x2, line.y2];
  return (
    <>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={FINISH_LINE.halo} strokeWidth={4} vectorEffect="non-scaling-stroke" opacity={0.6} />
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={FINISH_LINE.line} strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </>
  );
}
