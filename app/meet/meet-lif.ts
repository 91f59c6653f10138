/**
 * The one door from a meet to the `.lif` exporter: everything a meet writes goes through here, so a change of the
 * exporter's header or options is met in one place.
 */
import type { RaceView } from '../api/types.js';
import type { LifPrecision } from '../domain/meet/meet-settings.js';
import { resultsLif } from '../exports/lif.js';

export function meetLif(view: RaceView, precision: LifPrecision): Buffer {
  return resultsLif(view, precision);
}
