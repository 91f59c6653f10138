/**
 * Service operations of a meet (see app/api/methods/meet.ts): the schedule with each race's state, the meet
 * software's files applied to races not yet certified (each change one audit entry by "meet input"), the board's
 * result. In a long-running process (the app, `serve`) an opened meet's input folder is watched.
 */
import path from 'node:path';
import type { PhotofinishService } from '../api/contract.js';
import type { meetMethods } from '../api/methods/meet.js';
import type { MeetRefusal, MeetSyncResult, MeetView } from '../api/types.js';
import { UserError } from '../domain/errors.js';
import { feedTargetText } from '../domain/meet/meet-settings.js';
import { refusalMessage } from '../domain/meet/meet-view.js';
import { decideStartList, meetStartList } from '../domain/meet/start-list-change.js';
import * as commands from '../domain/race/commands/index.js';
import { evtEventFields } from '../domain/start-list/parse-start-list.js';
import { latestBoard } from '../meet/board-results.js';
import { watchMeetInput, type InputWatcher } from '../meet/input-watcher.js';
import { meetFiles } from '../meet/meet-folder.js';
import { findInputFile, readMeetInput, type MeetInput } from '../meet/meet-input.js';
import { builtRaces, meetRaces } from '../meet/meet-races.js';
import { meetPaths, readMeetSettings } from '../meet/meet-settings-file.js';
import { readRaceFolder } from '../store/race-store.js';
import { sha256Text } from '../store/sha256.js';
import type { ServiceContext } from './context.js';
import { raceChanger } from './race-change.js';

export type MeetService = Pick<PhotofinishService, keyof typeof meetMethods>;

/** The actor of every change the meet software's files make. */
export const MEET_INPUT_ACTOR = 'meet input';

export function createMeetService(ctx: ServiceContext): MeetService {
  const change = raceChanger(ctx);
  const watchers = new Map<string, { input: string; watcher: InputWatcher }>();

  /** Each built race with the start list the input gives it and what applying it would do. */
  async function plan(meetDir: string, input: MeetInput) {
    const built = new Set(await builtRaces(meetDir));
    const out = [];
    for (const entry of input.schedule) {
      const listed = input.startLists.get(entry.race);
      if (!built.has(entry.race) || !listed || listed.competitors.length === 0) continue;
      const dir = meetFiles(meetDir).race(entry.race);
      const doc = (await readRaceFolder(dir).catch(() => null))?.state.doc;
      if (!doc) continue;
      const next = meetStartList(listed.competitors, input.people);
      out.push({ race: entry.race, dir, next, event: listed.event, decision: decideStartList(doc, next) });
    }
    return out;
  }

  async function apply(meetDir: string): Promise<MeetSyncResult> {
    const settings = await readMeetSettings(meetDir);
    const input = await readMeetInput(meetPaths(meetDir, settings).input);
    const result: MeetSyncResult = { changed: [], refused: [], notes: [] };
    const files = input.files.map((f) => f.file).join(' + ');
    const sha = sha256Text(input.files.map((f) => `${f.file}:${f.sha256}`).join('\n'));
    for (const p of await plan(meetDir, input)) {
      if (p.decision.kind === 'refused') {
        result.refused.push({ race: p.race, drops: p.decision.drops, message: refusalMessage(p.race, p.decision.drops) });
        continue;
      }
      if (p.decision.kind !== 'apply') continue;
      try {
        const raceId = await ctx.races.register(p.dir);
        const view = await change(raceId, MEET_INPUT_ACTOR, (s) => commands.importStartList(s, files, sha, p.next, evtEventFields(p.event)));
        result.changed.push(p.race);
        if (view.meetNote) result.notes.push(view.meetNote);
      } catch (err) {
        // A mark placed by another station since the plan, a race being saved elsewhere: the next sync tries again.
        if (!(err instanceof UserError)) throw err;
        result.notes.push(`${p.race}: ${err.message}`);
      }
    }
    ctx.emit({ type: 'meet-changed', path: meetDir, changed: result.changed, refused: result.refused.map((r) => r.message) });
    return result;
  }

  /** Watches the meet's input folder (again, where `meet set --input` moved it since). */
  function watch(meetDir: string, inputDir: string): void {
    if (ctx.shell === 'cli' || watchers.get(meetDir)?.input === inputDir) return;
    watchers.get(meetDir)?.watcher.close();
    const watcher = watchMeetInput(inputDir, async () => {
      await apply(meetDir);
    });
    watchers.set(meetDir, { input: inputDir, watcher });
  }

  return {
    async openMeet({ path: given }) {
      const meetDir = path.resolve(given);
      const settings = await readMeetSettings(meetDir);
      const paths = meetPaths(meetDir, settings);
      let input: MeetInput | null = null;
      let inputProblem: string | null = null;
      try {
        input = await readMeetInput(paths.input);
      } catch (err) {
        if (!(err instanceof UserError)) throw err;
        inputProblem = err.message;
      }
      const refused: MeetRefusal[] = [];
      if (input) {
        for (const p of await plan(meetDir, input)) {
          if (p.decision.kind === 'refused') refused.push({ race: p.race, drops: p.decision.drops, message: refusalMessage(p.race, p.decision.drops) });
        }
      }
      watch(meetDir, paths.input);
      const view: MeetView = {
        path: meetDir,
        input: paths.input,
        output: paths.output,
        lifPrecision: settings.lifPrecision,
        feed: settings.feed ? feedTargetText(settings.feed.target) : null,
        boardToken: settings.boardToken,
        races: await meetRaces(meetDir, input),
        racesDir: meetFiles(meetDir).races,
        startList: await findInputFile(paths.input, 'lynx.evt'),
        refused,
        inputProblem,
      };
      return view;
    },
    async syncMeet({ path: given }) {
      return apply(path.resolve(given));
    },
    async getBoard({ path: given }) {
      const meetDir = path.resolve(given);
      return latestBoard(meetPaths(meetDir, await readMeetSettings(meetDir)).output);
    },
  };
}
