/**
 * Service operations of the start area (see app/api/methods/start.ts): finding a race's time zero in its footage,
 * recording, changing or clearing it, and the zero-control test. Each change goes through the race store (one audit
 * entry, then the snapshot), emits `race-changed` and returns the new view; detection (ffmpeg) loads on first use.
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
import { loadRaceEvidence } from '../store/race-evidence-cache.js';
import { commitChange, openRaceFolder } from '../store/race-store.js';
import { sha256Bytes } from '../store/sha256.js';
import { SOFTWARE } from '../runtime/version.js';
import type { ServiceContext } from './context.js';
import { buildRaceView } from './race-view.js';
import { publishAfterChange } from './meet-publish.js';

export type StartService = Pick<PhotofinishService, keyof typeof startMethods>;

export function createStartService(ctx: ServiceContext): StartService {
  /** One change: append its entry, rewrite the snapshot, tell every client, return the new view. */
  async function change(raceId: string, actor: string, build: (state: RaceState, at: string) => Change) {
    const dir = ctx.races.pathOf(raceId);
    const evidence = await loadRaceEvidence(dir);
    const at = new Date().toISOString();
    const state = await commitChange(dir, (s) => ({ actor, at, ...build(s, at) }));
    ctx.emit({ type: 'race-changed', raceId, revision: state.doc.revision, auditCount: state.doc.audit.count });
    const view = buildRaceView(raceId, dir, state, evidence);
    await publishAfterChange(ctx, dir, view);
    return view;
  }

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
      return change(raceId, by, (s, at) => {
        const record: ZeroControlRecord = {
          passed: r.passed,
          offsetNs: r.offset_ns,
          frameIntervalNs: r.flash.frame_interval_ns,
          reportFile: path.basename(file),
          reportSha256: sha256Bytes(bytes),
          testedBy: r.by,
          testedAt: r.at,
          by,
          at,
        };
        return attachZeroControl(s, record);
      });
    },
    async runZeroControl({ source, audioPath, out, by }) {
      const { runZeroControlTest } = await import('../detection/start-signal/zero-control-test.js');
      const report = await runZeroControlTest({ source, audioPath, by, at: new Date().toISOString(), software: { name: SOFTWARE.name, version: SOFTWARE.version } });
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
