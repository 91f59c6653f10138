/**
 * Reads a camera track frame by frame with its capture timestamps: `MediaStreamTrackProcessor` (Chromium, and so
 * Electron, offers it on the page as well as in workers). Declared here because TypeScript's DOM library has it only
 * for workers.
 */
interface TrackProcessor {
  readonly readable: ReadableStream<VideoFrame>;
}
type TrackProcessorConstructor = new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => TrackProcessor;

export function trackProcessorSupported(): boolean {
  return typeof (globalThis as { MediaStreamTrackProcessor?: unknown }).MediaStreamTrackProcessor === 'function';
}

/** Calls `onFrame` for every frame until the track ends or `stop` is called; the callee owns (closes) each frame. */
export function readTrack(track: MediaStreamTrack, onFrame: (frame: VideoFrame) => void): { stop(): void; ended: Promise<void> } {
  const Processor = (globalThis as unknown as { MediaStreamTrackProcessor: TrackProcessorConstructor }).MediaStreamTrackProcessor;
  // A small buffer: when the page falls behind, the camera's frames are dropped at the source, where the camera's
  // own timestamps still show the gap, instead of piling up in memory.
  const reader = new Processor({ track, maxBufferSize: 2 }).readable.getReader();
  let stopped = false;
  const ended = (async () => {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (done) return;
      if (stopped) {
        value.close();
        return;
      }
      onFrame(value);
    }
  })();
  return {
    stop() {
      stopped = true;
      void reader.cancel().catch(() => undefined);
    },
    ended,
  };
}
