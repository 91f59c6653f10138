/** What the race subcommands (mark, results, certify, ...) share: opening RACE and naming the official. */
import os from 'node:os';
import type { LeanRaceView } from '../../api/types.js';
import { requirePositional } from '../args.js';
import type { CliContext } from '../command.js';
import { official, reasonAfter } from '../../domain/results/message-slots.js';

/** Opens the race folder given as the first positional; `readOnly` for commands that only look (nothing is written). */
export async function openRaceArg(command: string, positionals: string[], ctx: CliContext, options: { readOnly?: boolean } = {}): Promise<LeanRaceView> {
  const racePath = requirePositional(positionals, 0, 'RACE (a race folder)');
  const view = await ctx.api.openRace({ path: racePath, ...(options.readOnly ? { readOnly: true } : {}) });
  for (const note of view.recovered ?? []) ctx.io.err(`photofinish ${command}: note: ${note}`);
  for (const problem of view.problems ?? []) ctx.io.err(`photofinish ${command}: warning: ${problem}`);
  return view;
}

/** `--by` or, where not given, the name of the user running the command (recorded in the audit log). */
export function officialName(given: string | undefined): string {
  if (given !== undefined) return given;
  try {
    const name = os.userInfo().username;
    if (name) return name;
  } catch {
    // No passwd entry (containers): fall back to the environment.
  }
  return process.env.USER ?? process.env.USERNAME ?? 'unknown';
}

/** One line describing a finisher's result, for confirmations after a change. */
export function describeFinisher(view: LeanRaceView, competitorId: string): string {
  const f = view.results.finishers.find((r) => r.competitor === competitorId);
  if (!f || f.place === null) {
    const other = view.results.others.find((o) => o.competitor === competitorId);
    if (other && other.status !== 'unmarked') return `${competitorId}${other.name ? ` (${other.name})` : ''}: ${other.status}${other.time_display ? `, ${other.time_display} for the record` : ''}`;
    return `competitor ${competitorId} has no mark`;
  }
  const flags = [f.typed ? 'typed' : '', f.hand ? 'hand' : '', f.suggested ? 'suggested' : '', f.dead_heat ? 'dead heat' : '', f.tie ? 'tie' : '', f.near_gap ? 'in a dropped-frame gap' : '']
    .filter(Boolean)
    .join(', ');
  return `${competitorId}${f.name ? ` (${f.name})` : ''}: place ${f.place}, ${f.time_display || `${f.time_s} s`}${f.margin_display ? `, ${f.margin_display}` : ''}${flags ? ` [${flags}]` : ''}`;
}

/**
 * Says which dead heats a change withdrew (a moved or removed mark, a disqualification): the official making the
 * change learns it there and then, not only from the checks under the next result.
 */
export function printWithdrawnDeadHeats(ctx: CliContext, before: LeanRaceView, after: LeanRaceView): void {
  for (const w of after.withdrawnDeadHeats.slice(before.withdrawnDeadHeats.length)) {
    ctx.io.out(`  dead heat ${w.competitors.map((c) => `#${c}`).join(' and ')} withdrawn by ${official(w.by)}${reasonAfter(w.reason)}`);
  }
}
