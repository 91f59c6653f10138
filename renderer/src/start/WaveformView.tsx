/**
 * The sound around a detected report, for the official to confirm: peak amplitude over time (dark like the viewer,
 * in both themes), the onset the engine found as a line, and time zero (the onset less the sound delay) as a second
 * line where it falls inside the window. Times on the axis are on the footage clock, as the engine found them.
 */
import { useEffect, useRef } from 'react';
import type { AudioFinding } from '../../../app/domain/start/start-proposal.js';
import { VIEWER } from '../viewer/colours.js';

const HEIGHT = 140;
const AXIS = 18;
const ONSET = '#ffb020';
const ZERO = '#7fdc8a';
const WAVE = '#9ec7ff';

export function WaveformView({ audio, zeroS }: { audio: AudioFinding; zeroS: number | null }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const width = canvas.clientWidth || 600;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(HEIGHT * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintWaveform(ctx, width, audio, zeroS);
  }, [audio, zeroS]);
  return (
    <canvas
      ref={ref}
      className="waveform"
      style={{ height: HEIGHT }}
      data-testid="start-waveform"
      role="img"
      aria-label={`Sound from ${audio.waveform.from_s.toFixed(3)} s to ${audio.waveform.to_s.toFixed(3)} s; the report starts at ${audio.onset_s.toFixed(6)} s`}
    />
  );
}

function paintWaveform(ctx: CanvasRenderingContext2D, width: number, audio: AudioFinding, zeroS: number | null): void {
  const { from_s: from, to_s: to, peaks } = audio.waveform;
  const h = HEIGHT - AXIS;
  const mid = h / 2;
  const xOf = (t: number) => ((t - from) / (to - from)) * width;
  ctx.fillStyle = VIEWER.background;
  ctx.fillRect(0, 0, width, HEIGHT);
  ctx.fillStyle = VIEWER.rulerBackground;
  ctx.fillRect(0, h, width, AXIS);
  // Peaks on a square-root scale: the quiet sound before the report stays visible next to the report itself.
  ctx.fillStyle = WAVE;
  const bar = width / peaks.length;
  peaks.forEach((p, i) => {
    const a = Math.sqrt(Math.min(1, p)) * (mid - 4);
    ctx.fillRect(i * bar, mid - a, Math.max(1, bar), Math.max(1, 2 * a));
  });
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  const mark = (t: number, colour: string, label: string, row: number) => {
    const x = Math.round(xOf(t)) + 0.5;
    if (x < 0 || x > width) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
    const w = ctx.measureText(label).width;
    const lx = Math.min(Math.max(x + 4, 2), width - w - 4);
    ctx.fillStyle = 'rgba(0,0,0,0.7)';
    ctx.fillRect(lx - 2, 4 + row * 16, w + 4, 14);
    ctx.fillStyle = colour;
    ctx.fillText(label, lx, 5 + row * 16);
  };
  mark(audio.onset_s, ONSET, `report heard ${audio.onset_s.toFixed(6)} s`, 0);
  if (zeroS !== null && Math.abs(zeroS - audio.onset_s) > 1e-7) mark(zeroS, ZERO, `time zero ${zeroS.toFixed(6)} s`, 1);
  // Axis: 50 ms ticks, labelled every 100 ms relative to the onset (what the official compares).
  ctx.strokeStyle = VIEWER.rulerInk;
  ctx.fillStyle = VIEWER.rulerInk;
  ctx.lineWidth = 1;
  for (let ms = Math.ceil((from - audio.onset_s) * 20) * 50; ms <= (to - audio.onset_s) * 1000; ms += 50) {
    const x = Math.round(xOf(audio.onset_s + ms / 1000)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, h);
    ctx.lineTo(x, h + (ms % 100 === 0 ? 6 : 3));
    ctx.stroke();
    const step = (to - from) * 1000 > 600 ? 200 : 100;
    if (ms % step === 0 && x < width - 48) ctx.fillText(`${ms > 0 ? '+' : ''}${ms} ms`, Math.max(x + 2, 2), h + 5);
  }
}
