/** `photofinish start-list RACE FILE`: replaces the race's start list from a CSV, lynx.ppl or lynx.evt file. */
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { officialName, openRaceArg } from './race-command.js';

export const startListCommand: CliCommand = {
  name: 'start-list',
  summary: 'Import the start list of a race (CSV with id,name,team,lane; FinishLynx lynx.ppl or lynx.evt).',
  usage: [
    '  photofinish start-list RACE FILE [--event E[-R[-H]]] [--by NAME]',
    '',
    '  FILE       a .csv with a header (id, name, optional team, lane), lynx.ppl or lynx.evt (Windows-1252)',
    '  --event    for a lynx.evt holding several events: which one (event, event-round or event-round-heat)',
    '  --by       the official making the change (default: your user name)',
    '',
    '  Refused once the race is certified, and where it would drop a competitor who already has a mark.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('start-list', argv, { event: { type: 'string' }, by: { type: 'string' } }, 2);
    const file = requirePositional(positionals, 1, 'FILE (the start list)');
    const race = await openRaceArg('start-list', positionals, ctx);
    const view = await ctx.api.importStartList({ raceId: race.raceId, path: file, by: officialName(values.by), ...(values.event ? { event: values.event } : {}) });
    ctx.io.out(`Start list of "${view.meta.name}": ${view.competitors.length} competitor${view.competitors.length === 1 ? '' : 's'}`);
    for (const c of view.competitors) ctx.io.out(`  ${c.id.padEnd(6)} ${c.lane ? `lane ${c.lane.padEnd(3)} ` : ''}${c.name}${c.team ? `, ${c.team}` : ''}`);
    return 0;
  },
};
