/**
 * After every committed change of a race (every area's one commit path calls this): a race of a meet gets its
 * results written to the meet's output folder and its feed message sent. What did not go out is a note on the
 * view (the change itself is recorded) and a line in the log.
 */
import type { RaceView } from '../api/types.js';
import { publishMeetRace } from '../meet/publish.js';
import { log } from '../runtime/log.js';
import type { ServiceContext } from './context.js';

export async function publishAfterChange(ctx: ServiceContext, dir: string, view: RaceView): Promise<void> {
  let published;
  try {
    published = await publishMeetRace(dir, view);
  } catch (err) {
    log().warn({ err, dir }, 'the meet results could not be published');
    view.meetNote = `the meet's results were not written (${(err as Error).message})`;
    return;
  }
  if (!published) return;
  if (published.notes.length) {
    view.meetNote = published.notes.join('; ');
    log().warn({ dir, notes: published.notes }, 'meet results not fully published');
  }
  ctx.emit({ type: 'meet-changed', path: published.meetDir, changed: [published.race], refused: [] });
}
