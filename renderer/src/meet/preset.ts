/** Set-up and capture filled from a meet's schedule, and the meet's input applied once the race is built. */
import { rendererApi } from '../api/index.js';
import type { RaceFieldValues } from '../setup/RaceFields.js';
import type { SetupPreset } from '../session/state.js';

/** The race fields a scheduled race starts with (athletics: the sport of FinishLynx meets); `base` otherwise. */
export function presetRaceFields(base: RaceFieldValues, preset: SetupPreset | undefined): RaceFieldValues {
  if (!preset) return base;
  return { ...base, name: preset.name, sport: 'athletics', startList: preset.startList ?? '', startListEvent: preset.startList ? preset.startListEvent : '', out: preset.out };
}

/**
 * After building a race of a meet: names lynx.evt leaves out come from lynx.ppl ("meet input"), as the CLI's
 * `build --meet` does. A sync that fails leaves the race as built; the Meet screen says why when next shown.
 */
export function joinMeet(preset: SetupPreset | undefined): Promise<void> {
  if (!preset) return Promise.resolve();
  return rendererApi.api.syncMeet({ path: preset.meet }).then(
    () => undefined,
    () => undefined,
  );
}
