/** `photofinish event`: sets which event a race is (printed on the sheet, in the export file names and the .lif header). */
import { UserError } from '../../domain/errors.js';
import { eventLine } from '../../domain/event/race-event.js';
import { parseCommandArgs, requireBy } from '../args.js';
import type { CliCommand } from '../command.js';
import { openRaceArg } from './race-command.js';

const TEXT_FIELDS = { name: 'name', meet: 'meet', venue: 'venue', date: 'date', 'time-of-day': 'startTime' } as const;
const NUMBER_FIELDS = { number: 'number', round: 'round', heat: 'heat', distance: 'distanceM', wind: 'windMps' } as const;

export const eventCommand: CliCommand = {
  name: 'event',
  summary: 'Set the event of a race: meet, number, name, round, heat, date, start time, venue, distance and wind.',
  usage: [
    '  photofinish event RACE [--number N] [--round N] [--heat N] [--name TEXT] [--meet TEXT] [--venue TEXT]',
    '                         [--date YYYY-MM-DD] [--time-of-day HH:MM[:SS]] [--distance M] [--wind M/S] --by NAME',
    '',
    '  --number N    event number (as in the meet\'s schedule and lynx.evt)',
    '  --name TEXT   event name ("Men 100m Final")',
    '  --time-of-day HH:MM[:SS]  the official start time of day, venue time (printed on the sheet and in the .lif)',
    '  --distance M  race distance in metres',
    '  --wind M/S    wind in metres per second, signed, one decimal (+1.2, or --wind=-0.4)',
    '  --by NAME     the official making the change (required)',
    '',
    '  An empty value clears a field (--venue ""). Each change is audited; refused on a certified race.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('event', argv, {
      number: { type: 'string' },
      round: { type: 'string' },
      heat: { type: 'string' },
      name: { type: 'string' },
      meet: { type: 'string' },
      venue: { type: 'string' },
      date: { type: 'string' },
      'time-of-day': { type: 'string' },
      distance: { type: 'string' },
      wind: { type: 'string' },
      by: { type: 'string' },
    });
    const by = requireBy(values.by, 'the official making the change');
    const fields: Record<string, string | number | null> = {};
    for (const [flag, field] of Object.entries(TEXT_FIELDS)) {
      const v = values[flag as keyof typeof values] as string | undefined;
      if (v !== undefined) fields[field] = v.trim() === '' ? null : v;
    }
    for (const [flag, field] of Object.entries(NUMBER_FIELDS)) {
      const v = values[flag as keyof typeof values] as string | undefined;
      if (v !== undefined) fields[field] = eventNumber(flag, v);
    }
    if (Object.keys(fields).length === 0) throw new UserError('give at least one field to set (see photofinish help event)', 'INVALID_ARGUMENT');
    const race = await openRaceArg('event', positionals, ctx);
    const view = await ctx.api.setEvent({ raceId: race.raceId, by, ...fields });
    const e = view.event;
    ctx.io.out(`Event of "${view.meta.name}" set by ${by}: ${eventLine(e) || '(no name)'}`);
    const rest = [e.number !== null ? `event ${e.number}` : '', e.meet ?? '', e.venue ?? '', e.date ?? '', e.start_time ? `start ${e.start_time}` : '', e.distance_m !== null ? `${e.distance_m} m` : ''].filter(Boolean);
    if (rest.length) ctx.io.out(`  ${rest.join(', ')}`);
    return 0;
  },
};

/** Whole numbers for number/round/heat, decimals for distance and wind; '' clears. */
function eventNumber(flag: string, text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  const whole = flag === 'number' || flag === 'round' || flag === 'heat';
  if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) {
    throw new UserError(`--${flag} must be ${whole ? 'a whole number' : 'a number'}, got "${text}"`, 'INVALID_ARGUMENT');
  }
  return n;
}
