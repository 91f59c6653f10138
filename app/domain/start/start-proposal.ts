/**
 * A start signal found in the footage but not yet recorded, as the API returns it for the official to confirm.
 * Exact times are integer-ns strings (`_ns`), `_s` fields unrounded seconds; every time is on the footage clock.
 */
import type { StartInfo } from './start-json.js';

/** The gun's report as found in a sound track, with the sound around it for the official to look at. */
export interface AudioFinding {
  file: string;
  sha256: string;
  codec: string;
  sample_rate: number;
  channels: number;
  /** Where the container says the audio stream starts (seconds text), or null. */
  stream_start: string | null;
  onset_s: number;
  onset_ns: string;
  sample: number;
  rise_db: number;
  snr_db: number;
  /** Peak amplitude (0–1) of equal slices from `from_s` to `to_s`. */
  waveform: { from_s: number; to_s: number; peaks: number[] };
}

/** The gun's flash in the picture: the frame that shows it and the one before (both columns of the composite). */
export interface FlashFinding {
  frame: number;
  /** Composite columns of the frame before and the flash frame (for the source-frame view), null where not a column. */
  column_before: number | null;
  column_flash: number | null;
  time_before_ns: string;
  time_flash_ns: string;
  brightness_before: number;
  brightness_after: number;
  /** Mean brightness of the frames around the flash, for a small chart. */
  around: { time_s: number; mean: number }[];
}

/** A start signal found but not yet recorded: the official confirms it (`setStart`) or not. */
export interface StartProposal {
  method: 'audio' | 'flash';
  /** As it would be recorded (time zero on the footage clock, correction, uncertainty); `by` and `at` null. */
  start: StartInfo;
  audio?: AudioFinding;
  flash?: FlashFinding;
}
