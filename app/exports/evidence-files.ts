/**
 * Reads what a result sheet vouches for, straight from the race folder: the race document, the manifest and the
 * composite, hashed as they are on disk. The composite must still match the hash its manifest recorded at build
 * time: a sheet is never printed from evidence that has changed since.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RaceView } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { systemErrorToUserError } from '../domain/system-errors.js';
import { sha256Bytes } from '../store/sha256.js';

export interface EvidenceHashes {
  raceJsonSha256: string;
  manifestSha256: string;
  compositeSha256: string;
  timesSha256: string;
  auditHead: string;
  auditCount: number;
  sourceFrames: number;
  sourceFiles: number;
  /** SHA-256 of the footage where it is one file (video, GIF, line-scan image); frame folders list theirs in the manifest. */
  sourceSha256: string | null;
}

export interface RaceEvidence {
  hashes: EvidenceHashes;
  /** The composite image file as stored (PNG or TIFF). */
  composite: Buffer;
}

async function readRaceFile(raceDir: string, relative: string): Promise<Buffer> {
  const full = path.join(raceDir, ...relative.split('/'));
  if (!full.startsWith(path.resolve(raceDir) + path.sep)) throw new UserError(`${relative}: path leaves the race folder`, 'INVALID_ARGUMENT');
  try {
    return await fs.readFile(full);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new UserError(`${full}: missing from the race folder`, 'NOT_FOUND');
    throw systemErrorToUserError(err, full) ?? err;
  }
}

export async function readRaceEvidence(view: RaceView, raceDir: string): Promise<RaceEvidence> {
  const dir = path.resolve(raceDir);
  const [doc, manifest, composite] = await Promise.all([
    readRaceFile(dir, RACE_LAYOUT.document),
    readRaceFile(dir, RACE_LAYOUT.manifest),
    readRaceFile(dir, view.evidence.composite.path || RACE_LAYOUT.compositePng),
  ]);
  const compositeSha256 = sha256Bytes(composite);
  if (compositeSha256 !== view.evidence.composite.sha256) {
    throw new UserError(
      `${path.join(dir, view.evidence.composite.path)}: the composite no longer matches its manifest hash`,
      'CONFLICT',
      { hint: 'verify-race' },
    );
  }
  const manifestSha256 = sha256Bytes(manifest);
  if (view.certified && view.certified.manifestSha256 !== manifestSha256) {
    throw new UserError(`${path.join(dir, RACE_LAYOUT.manifest)}: the evidence manifest changed after certification`, 'CONFLICT', { hint: 'verify-race' });
  }
  return {
    composite,
    hashes: {
      raceJsonSha256: sha256Bytes(doc),
      manifestSha256,
      compositeSha256,
      timesSha256: view.evidence.times.sha256,
      auditHead: view.auditHead,
      auditCount: view.auditCount,
      sourceFrames: view.evidence.source.frameCount,
      sourceFiles: view.evidence.source.files.length,
      sourceSha256: view.evidence.source.kind !== 'frames' && view.evidence.source.files.length === 1 ? (view.evidence.source.files[0]?.sha256 ?? null) : null,
    },
  };
}
