/**
 * Service operations of the start area (see app/api/methods/start.ts): finding a race's time zero in its footage,
 * recording, changing or clearing it, and the zero-control test. Each change goes through `raceChanger` like every
 * other area's (one audit entry, then the snapshot, `race-changed`, the new view); detection (ffmpeg) loads on first use.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import type { startMethods } from '../api/methods/start.js';
import { describeZodIssues } from '../api/errors.js';
import { UserError } from '../domain/errors.js';
import { systemErrorToUserError } from '../domain/system-errors.js';
import type { Change } from '../domain/race/commands/index.js';
import { refuseIfCertified } from '../domain/race/commands/guards.js';
import type { RaceState } from '../domain/race/replay.js';
import { attachZeroControl, clearStart, setStart } from '../domain/start/start-commands.js';
import type { ZeroControlRecord } from '../domain/start/start-record.js';
import { zeroControlContradiction, zeroControlReport } from '../domain/start/zero-control.js';
import { parseSecondsToTicks } from '../domain/time/ticks.js';
import type { FoundStart } from '../detection/start-signal/find-start.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { checkWritableFile } from '../store/write-guard.js';
import { openRaceFolder } from '../store/race-store.js';
import { sha256Bytes } from '../store/sha256.js';
import { SOFTWARE } from '../runtime/version.js';
import type { ServiceContext } from './context.js';
import { raceChanger } from './race-change.js';

export type StartService = Pick<PhotofinishService, keyof typeof startMethods>;

export function createStartService(ctx: ServiceContext): StartService {
  /** One change through the one change path (entry, snapshot, `race-changed`, the view and its save note). */
  const changeRace = raceChanger(ctx);
  const change = (raceId: string, actor: string, build: (state: RaceState, at: string) => Change) => changeRace(raceId, actor, (s, _evidence, at) => build(s, at));

  return {
    async findStart({ raceId, method, audioPath, distanceM, temperatureC }) {
      const dir = ctx.races.pathOf(raceId);
      const finder = await import('../detection/start-signal/find-start.js');
      const found = method === 'audio' ? await finder.findAudioStart(dir, { audioPath, distanceM, temperatureC }) : await finder.findFlashStart(dir);
      return found.proposal;
    },
    async setStart({ raceId, method, timeS, audioPath, distanceM, temperatureC, by }) {
      const dir = ctx.races.pathOf(raceId);
      // A certified race is refused before a second of decoding, not after.
      refuseIfCertified((await openRaceFolder(dir)).state.doc, 'change the start');
      let found: FoundStart;
      if (method === 'typed') found = { method, zeroNs: parseSecondsToTicks(timeS as string, 'start time').toString(), uncertaintyNs: '0' };
      else {
        const finder = await import('../detection/start-signal/find-start.js');
        found = (method === 'audio' ? await finder.findAudioStart(dir, { audioPath, distanceM, temperatureC }) : await finder.findFlashStart(dir)).found;
      }
      return change(raceId, by, (s, at) => setStart(s, { ...found, by, at }));
    },
    async clearStart({ raceId, by }) {
      return change(raceId, by, (s) => clearStart(s));
    },
    async attachZeroControl({ raceId, reportPath, by }) {
      const file = path.resolve(reportPath);
      const bytes = await readFile(file).catch(() => {
        throw new UserError(`${file}: zero-control report not found`, 'NOT_FOUND');
      });
      let raw: unknown;
      try {
        raw = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new UserError(`${file}: not a zero-control report (not JSON)`, 'INVALID_ARGUMENT');
      }
      const parsed = zeroControlReport.safeParse(raw);
      if (!parsed.success) throw new UserError(`${file}: not a zero-control report (${describeZodIssues(parsed.error.issues)})`, 'INVALID_ARGUMENT');
      const r = parsed.data;
      const contradiction = zeroControlContradiction(r);
      if (contradiction) throw new UserError(`${file}: the zero-control report contradicts itself: ${contradiction}`, 'INVALID_ARGUMENT');
      const dir = ctx.races.pathOf(raceId);
      const { state } = await openRaceFolder(dir);
      refuseIfCertified(state.doc, 'attach a zero-control report');
      // Evidence, not a claim: the offset is found again in the recording the report names, by this race's rules.
      const { rederiveZeroControl } = await import('../detection/start-signal/zero-control-rederive.js');
      const { fresh, recording } = await rederiveZeroControl(file, r, state.doc.settings.sport.sport, { name: SOFTWARE.name, version: SOFTWARE.version });
      return change(raceId, by, (s, at) => {
        const record: ZeroControlRecord = {
          passed: fresh.passed,
          offsetNs: fresh.offset_ns,
          frameIntervalNs: fresh.flash.frame_interval_ns,
          reportFile: path.basename(file),
          reportSha256: sha256Bytes(bytes),
          testedBy: r.by,
          testedAt: r.at,
          by,
          at,
          recording,
          ...(fresh.rules ? { rules: fresh.rules } : {}),
          ...(fresh.failures?.length ? { failures: fresh.failures } : {}),
          ...(fresh.camera ? { camera: fresh.camera } : {}),
        };
        return attachZeroControl(s, record);
      });
    },
    async runZeroControl({ source, audioPath, sport, out, by }) {
      // The write guard first: never a race folder, a known race's footage, this test's own recording, or a device.
      if (out) await checkWritableFile(out, { dataDir: ctx.dataDir, ownSources: { files: [source, ...(audioPath ? [audioPath] : [])], folders: [] } });
      const { runZeroControlTest } = await import('../detection/start-signal/zero-control-test.js');
      const report = await runZeroControlTest({ source, audioPath, ...(sport ? { sport } : {}), by, at: new Date().toISOString(), software: { name: SOFTWARE.name, version: SOFTWARE.version } });
      if (out) {
        const target = path.resolve(out);
        await writeFileAtomic(target, `${JSON.stringify(report, null, 2)}\n`).catch((err: unknown) => {
          throw systemErrorToUserError(err, target) ?? err;
        });
      }
      return report;
    },
  };
}
