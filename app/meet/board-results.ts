/**
 * The board's result: the `.json` a meet wrote last into its output folder (any station's, any process's), so the
 * board shows exactly what the meet software was given.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BoardView } from '../domain/meet/meet-view.js';
import type { PublishedResults } from '../domain/meet/feed-message.js';

const RESULT_NAME = /^(\d{3}-\d+-\d{2})\.json$/;

export async function latestBoard(outputDir: string): Promise<BoardView> {
  const names = (await readdir(outputDir).catch(() => [] as string[])).filter((n) => RESULT_NAME.test(n));
  const dated = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(outputDir, n)).catch(() => null))?.mtimeMs ?? -1 })));
  const newest = dated.filter((d) => d.t >= 0).sort((a, b) => b.t - a.t || b.n.localeCompare(a.n))[0];
  if (!newest) return { race: null, results: null, savedAt: null };
  const results = await readFile(path.join(outputDir, newest.n), 'utf8').then((t) => JSON.parse(t) as PublishedResults, () => null);
  return { race: (RESULT_NAME.exec(newest.n) as RegExpExecArray)[1] as string, results, savedAt: new Date(newest.t).toISOString() };
}
