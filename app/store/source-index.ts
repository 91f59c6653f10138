/**
 * The index of every race's sources this installation knows (`race-sources.json` in the data folder, written
 * atomically at build and when a race is opened). Footage stays where the official keeps it, outside any race
 * folder, so nothing on disk says a frame belongs to a race: this index is how a writer (an export, a zero-control
 * report, a recording) knows that `OTHER/frames/frame_0150.png` is evidence of another race and refuses it.
 * A damaged index is read as empty (it is a safety net, never evidence) and the next build writes it afresh.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { EvidenceManifest } from '../domain/race/evidence.js';
import { realPathOf } from '../security/path-identity.js';
import { log } from '../runtime/log.js';
import { writeFileAtomic } from './atomic-write.js';

export const SOURCE_INDEX_FILE = 'race-sources.json';

/** A race's sources: single files (a video, a timestamps file, a capture record) and folders of frames. */
export interface RaceSources {
  files: string[];
  folders: string[];
}

const indexSchema = z.object({ races: z.record(z.string(), z.object({ files: z.array(z.string()), folders: z.array(z.string()) })) });
type SourceIndex = z.infer<typeof indexSchema>;

/** What a manifest names as sources: every file read, and the folder of each frame (whole frame folders are evidence). */
export function sourcesOfManifest(manifest: Pick<EvidenceManifest, 'source' | 'timing'> & Partial<Pick<EvidenceManifest, 'capture'>>): RaceSources {
  const files = new Set<string>();
  const folders = new Set<string>();
  if (manifest.source.kind === 'frames') {
    // The frames themselves are covered by their folders (listing thousands of files would slow every write).
    folders.add(manifest.source.path);
    for (const f of manifest.source.files) folders.add(path.dirname(f.path));
  } else {
    files.add(manifest.source.path);
    for (const f of manifest.source.files) files.add(f.path);
  }
  if (manifest.timing.kind === 'timestamps') files.add(manifest.timing.file.path);
  if (manifest.capture) files.add(manifest.capture.record.path);
  return { files: [...files], folders: [...folders] };
}

async function readIndex(dataDir: string): Promise<SourceIndex> {
  const file = path.join(dataDir, SOURCE_INDEX_FILE);
  try {
    const parsed = indexSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return parsed.data;
    log().warn({ file }, 'index of race sources is damaged; starting it afresh');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log().warn({ err, file }, 'index of race sources cannot be read; starting it afresh');
  }
  return { races: {} };
}

/** Every known race's sources, keyed by the race folder's real path. */
export async function knownRaceSources(dataDir: string): Promise<Map<string, RaceSources>> {
  return new Map(Object.entries((await readIndex(dataDir)).races));
}

/** Adds (or refreshes) a race's sources in the index; a no-op when they are already there as given. */
export async function recordRaceSources(dataDir: string, raceDir: string, manifest: Parameters<typeof sourcesOfManifest>[0]): Promise<void> {
  const key = await realPathOf(raceDir);
  const sources = sourcesOfManifest(manifest);
  const index = await readIndex(dataDir);
  if (JSON.stringify(index.races[key]) === JSON.stringify(sources)) return;
  index.races[key] = sources;
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(path.join(dataDir, SOURCE_INDEX_FILE), `${JSON.stringify(index, null, 1)}\n`);
}
