/**
 * The finish line on a reference frame (or the camera's live picture): drag either endpoint (Shift snaps the line vertical or horizontal), or
 * focus an endpoint and move it with the arrow keys (Shift: 10 px). Coordinates are source pixels, pixel centres
 * at integers, as the engine samples them.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { snapEndpoint, type Segment } from './line-geometry.js';

export type { Segment } from './line-geometry.js';

export function LineEditor({
  src,
  media,
  width,
  height,
  line,
  onChange,
  disabled,
  label,
}: {
  /** The reference frame (set-up), or `media`: what to draw the line over instead (the camera's live picture). */
  src?: string;
  media?: ReactNode;
  width: number;
  height: number;
  line: Segment;
  onChange(line: Segment): void;
  disabled?: boolean;
  /** A word on the line itself (set-up's "proposed", until the official moves it). */
  label?: string;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<1 | 2 | null>(null);

  const toImage = (e: PointerEvent): { x: number; y: number } => {
    const r = (svgRef.current as SVGSVGElement).getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * width - 0.5;
    const y = ((e.clientY - r.top) / r.height) * height - 0.5;
    return { x: Math.min(width - 1, Math.max(0, x)), y: Math.min(height - 1, Math.max(0, y)) };
  };

  const move = (which: 1 | 2, to: { x: number; y: number }, snap: boolean) => {
    const fixed = which === 1 ? { x: line.x2, y: line.y2 } : { x: line.x1, y: line.y1 };
    const p = snapEndpoint(to, fixed, snap);
    const clamped = { x: Math.min(width - 1, Math.max(0, p.x)), y: Math.min(height - 1, Math.max(0, p.y)) };
    onChange(which === 1 ? { ...line, x1: clamped.x, y1: clamped.y } : { ...line, x2: clamped.x, y2: clamped.y });
  };

  const onKey = (which: 1 | 2) => (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 1;
    const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const v = d[e.key];
    if (!v || disabled) return;
    e.preventDefault();
    e.stopPropagation();
    const from = which === 1 ? { x: line.x1, y: line.y1 } : { x: line.x2, y: line.y2 };
    move(which, { x: from.x + v[0], y: from.y + v[1] }, false);
  };

  // Handles stay the same size on screen whatever the frame's resolution.
  const r = Math.max(width, height) / 90;
  const handle = (which: 1 | 2, x: number, y: number) => (
    <g
      className={`handle${dragging === which ? ' dragging' : ''}`}
      tabIndex={disabled ? -1 : 0}
      role="slider"
      aria-label={`Finish line ${which === 1 ? 'first' : 'second'} end: x ${x}, y ${y}. Arrow keys move it.`}
      aria-valuenow={which === 1 ? y : y}
      data-testid={`line-end-${which}`}
      onKeyDown={onKey(which)}
      onPointerDown={(e) => {
        if (disabled) return;
        (e.target as Element).setPointerCapture(e.pointerId);
        setDragging(which);
      }}
      onPointerMove={(e) => dragging === which && move(which, toImage(e), e.shiftKey)}
      onPointerUp={() => setDragging(null)}
      onPointerCancel={() => setDragging(null)}
    >
      <circle cx={x + 0.5} cy={y + 0.5} r={r * 1.6} className="handle-hit" />
      <circle cx={x + 0.5} cy={y + 0.5} r={r} className="handle-dot" />
    </g>
  );

  return (
    <div className="line-editor">
      {media ?? <img src={src} alt="Reference frame" draggable={false} />}
      <svg ref={svgRef} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" data-testid="line-editor">
        <line x1={line.x1 + 0.5} y1={line.y1 + 0.5} x2={line.x2 + 0.5} y2={line.y2 + 0.5} className="finish-line-halo" vectorEffect="non-scaling-stroke" />
        <line x1={line.x1 + 0.5} y1={line.y1 + 0.5} x2={line.x2 + 0.5} y2={line.y2 + 0.5} className="finish-line" vectorEffect="non-scaling-stroke" />
        {handle(1, line.x1, line.y1)}
        {handle(2, line.x2, line.y2)}
      </svg>
      {label ? (
        <span
          className="line-label"
          data-testid="line-label"
          style={{ left: `${((line.x1 + line.x2) / 2 / width) * 100}%`, top: `${((line.y1 + line.y2) / 2 / height) * 100}%` }}
        >
          {label}
        </span>
      ) : null}
    </div>
  );
}
