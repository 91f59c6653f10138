/**
 * The flash the engine found, for the official to confirm: the frame before it and the flash frame side by side
 * (the source frames themselves, through the inspector's call), their times and brightness.
 */
import { useEffect, useState } from 'react';
import type { FrameImage } from '../../../app/api/types.js';
import type { FlashFinding } from '../../../app/domain/start/start-proposal.js';
import { formatSeconds } from '../../../app/domain/viewport/readout.js';
import { rendererApi } from '../api/index.js';
import { messageOf } from '../session/errors.js';

export function FlashFrames({ raceId, flash }: { raceId: string; flash: FlashFinding }) {
  const [frames, setFrames] = useState<[FrameImage | null, FrameImage | null]>([null, null]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const get = (column: number | null) => (column === null ? Promise.resolve(null) : rendererApi.api.getSourceFrame({ raceId, column, step: 0 }));
    Promise.all([get(flash.column_before), get(flash.column_flash)])
      .then((f) => live && setFrames(f))
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [raceId, flash]);
  if (error) return <p className="error-text">{error}</p>;
  const side = (f: FrameImage | null, title: string, timeNs: string, brightness: number) => (
    <figure className="flash-frame">
      {f ? <img src={f.dataUrl} alt={`${title}: source frame ${f.frameIndex}`} /> : <div className="frame-missing">loading…</div>}
      <figcaption>
        <strong>{title}</strong> · {formatSeconds(BigInt(timeNs), 4)} s · brightness {brightness.toFixed(0)}
      </figcaption>
    </figure>
  );
  return (
    <div className="flash-frames" data-testid="start-flash-frames">
      {side(frames[0], 'Frame before', flash.time_before_ns, flash.brightness_before)}
      {side(frames[1], `Flash, frame ${flash.frame + 1}`, flash.time_flash_ns, flash.brightness_after)}
    </div>
  );
}
