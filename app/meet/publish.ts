/**
 * After every committed change of a meet's race (from the CLI or the app's service): the results are written to
 * the meet's output folder and one message goes to the results feed. The change is already recorded; a failure
 * here is returned as a note for the official (and the next change writes everything again), never thrown.
 */
import { readFile } from 'node:fs/promises';
import type { RaceView } from '../api/types.js';
import { feedMessage, type PublishedResults } from '../domain/meet/feed-message.js';
import { DEFAULT_FEED_TEMPLATE } from '../domain/meet/template.js';
import { feedTargetText, type MeetSettings } from '../domain/meet/meet-settings.js';
import { systemErrorCondition } from '../domain/system-errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withRaceLock } from '../store/race-lock.js';
import { readRaceDocument } from '../store/race-document-file.js';
import { raceFiles } from '../store/race-store.js';
import { sendFeedMessage } from './feed-sender.js';
import { meetFiles, meetOfRace } from './meet-folder.js';
import { meetPaths, readMeetSettings } from './meet-settings-file.js';
import { writeMeetResults } from './results-out.js';

export interface Published {
  meetDir: string;
  race: string;
  /** Output written, feed sent: one line each for what did not work. */
  notes: string[];
  seq: number | null;
}

/** Null for a race that is not in a meet. */
export async function publishMeetRace(raceDir: string, view: RaceView): Promise<Published | null> {
  const where = await meetOfRace(raceDir);
  if (!where) return null;
  const { meetDir, race } = where;
  const notes: string[] = [];
  let settings: MeetSettings;
  try {
    settings = await readMeetSettings(meetDir);
  } catch (err) {
    return { meetDir, race, notes: [`the meet's results were not written: ${(err as Error).message}`], seq: null };
  }
  const { output } = meetPaths(meetDir, settings);
  let published: PublishedResults | null = null;
  try {
    // Under the race's lock, and only while this is still the race's latest change: two stations saving the same
    // race one after the other never leave the older result as the last file written.
    published = await withRaceLock(raceDir, async () => {
      const now = await readRaceDocument(raceFiles(raceDir).document).catch(() => null);
      if (now && now.audit.count > view.auditCount) return null; // a newer change publishes its own result
      return writeMeetResults(output, race, view, settings.lifPrecision);
    });
  } catch (err) {
    notes.push(`${output}: ${race}.lif could not be written (${systemErrorCondition(err)}); it is written again on the next save`);
  }
  let seq: number | null = null;
  if (settings.feed && published) {
    try {
      seq = await nextSequence(meetDir);
      await sendFeedMessage(settings.feed.target, feedMessage(settings.feed.template ?? DEFAULT_FEED_TEMPLATE, published, seq));
    } catch (err) {
      notes.push(`the results feed ${feedTargetText(settings.feed.target)} did not take message ${seq ?? '?'} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  return { meetDir, race, notes, seq };
}

/** The meet's next feed sequence number, counted in the meet folder so every station and process shares it. */
export async function nextSequence(meetDir: string): Promise<number> {
  const file = meetFiles(meetDir).feedSequence;
  return withRaceLock(meetDir, async () => {
    const last = await readFile(file, 'utf8').then((t) => Number((JSON.parse(t) as { last?: unknown }).last), () => 0);
    const next = Number.isSafeInteger(last) && last >= 0 ? last + 1 : 1;
    await writeFileAtomic(file, `${JSON.stringify({ last: next })}\n`);
    return next;
  });
}
