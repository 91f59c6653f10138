/**
 * A zero-control report is evidence, not a claim: attaching one (and `verify` afterwards) re-derives its offset from
 * the recording it names. The recording must exist and carry the SHA-256 the report recorded (and so must a separate
 * audio file); the flash and the report are found again in it and the offset must come out as the report says. A
 * report edited after the test (a failed +205 ms made to read +0.4 ms and "passed") or naming a recording that does
 * not exist is refused. The verdict the race keeps is the one its own sport's rules give on the re-derived offset.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { RACE_LAYOUT } from '../../domain/race/evidence.js';
import type { ZeroControlReport } from '../../domain/start/zero-control.js';
import { sha256File } from '../../store/sha256.js';
import { runZeroControlTest } from './zero-control-test.js';

/** Two derivations of one recording agree within this (the detectors are deterministic; this allows a decoder's rounding). */
const AGREE_NS = 100_000n;

const ms = (ns: bigint) => `${ns < 0n ? '-' : '+'}${(Number(ns < 0n ? -ns : ns) / 1e6).toFixed(3)} ms`;

/** The recording a report names: a video, or a race folder (the report then names its evidence manifest). */
function testedSource(hashedPath: string): string {
  const manifest = path.normalize(RACE_LAYOUT.manifest);
  return hashedPath.endsWith(path.sep + manifest) ? hashedPath.slice(0, -(manifest.length + 1)) : hashedPath;
}

async function checkHashed(label: string, file: { path: string; sha256: string }, what: string): Promise<void> {
  const st = await stat(file.path).catch(() => null);
  if (!st?.isFile()) {
    throw new UserError(`${label}: names the ${what} ${file.path}, which does not exist: a zero-control report counts only with the recording it tested`, 'NOT_FOUND');
  }
  const { sha256 } = await sha256File(file.path);
  if (sha256 !== file.sha256) {
    throw new UserError(`${label}: the ${what} ${file.path} is not the one the report tested (its SHA-256 is ${sha256.slice(0, 16)}…, the report recorded ${file.sha256.slice(0, 16)}…)`, 'CONFLICT');
  }
}

export interface RederivedZeroControl {
  /** The test run again on the named recording, judged by `sport`'s rules. */
  fresh: ZeroControlReport;
  /** The recording tested (a video, or a race folder's evidence manifest) and its SHA-256; a separate sound file's. */
  recording: { path: string; sha256: string; audio?: { path: string; sha256: string } };
}

/**
 * Runs the test again on the recording `report` names and checks it says what the report says. `label` names the
 * report in messages (its file). Throws a UserError where the recording is missing or changed, or where the
 * re-derived offset differs from the report's.
 */
export async function rederiveZeroControl(label: string, report: Pick<ZeroControlReport, 'source' | 'audio' | 'offset_ns'>, sport: string, software: { name: string; version: string }, signal?: AbortSignal): Promise<RederivedZeroControl> {
  await checkHashed(label, report.source, 'recording');
  if (report.audio) await checkHashed(label, report.audio, 'audio file');
  const fresh = await runZeroControlTest(
    {
      source: testedSource(report.source.path),
      ...(report.audio ? { audioPath: report.audio.path } : {}),
      sport,
      by: '',
      at: new Date().toISOString(),
      software,
    },
    signal,
  );
  const said = BigInt(report.offset_ns);
  const found = BigInt(fresh.offset_ns);
  const diff = said > found ? said - found : found - said;
  if (diff > AGREE_NS) {
    throw new UserError(
      `${label}: the report says the offset is ${ms(said)}, but its recording ${report.source.path} gives ${ms(found)}: the report does not match the test it names`,
      'CONFLICT',
    );
  }
  const audio = report.audio ? { audio: { path: report.audio.path, sha256: report.audio.sha256 } } : {};
  return { fresh, recording: { path: report.source.path, sha256: report.source.sha256, ...audio } };
}
