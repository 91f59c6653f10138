/**
 * Results out on every save: `LYNXOUT/012-1-03.lif` at the meet's precision and `012-1-03.json` (the `results
 * --json` object with `publication`) beside it. Each is written to a temporary name in the same folder and
 * renamed over the old one, so the meet software polling the folder never reads half a file.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { RaceView } from '../api/types.js';
import type { LifPrecision } from '../domain/meet/meet-settings.js';
import { publishedResults, type PublishedResults } from '../domain/meet/feed-message.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { meetLif } from './meet-lif.js';

export async function writeMeetResults(outputDir: string, race: string, view: RaceView, precision: LifPrecision): Promise<PublishedResults> {
  await mkdir(outputDir, { recursive: true });
  const published = publishedResults(view.results, race);
  await writeFileAtomic(path.join(outputDir, `${race}.lif`), meetLif(view, precision));
  await writeFileAtomic(path.join(outputDir, `${race}.json`), `${JSON.stringify(published, null, 2)}\n`);
  return published;
}
