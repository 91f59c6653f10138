/** `photofinish export RACE [--pdf FILE] [--csv FILE] [--json FILE] [--lif FILE] [--png FILE] [--photo FILE.jpg] [--dir DIR] [--paper A4|Letter] [--lif-precision 0.01|0.001] [--force]`. */
import path from 'node:path';
import { UserError } from '../../domain/errors.js';
import { cliErrorText } from '../hints.js';
import { parseCommandArgs, requirePositional } from '../args.js';
import type { CliCommand } from '../command.js';
import { notValid } from '../not-valid.js';

const FILE_OPTIONS = ['pdf', 'csv', 'json', 'lif', 'png', 'photo'] as const;

export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'Write the result sheet (PDF), data exports (CSV, JSON, FinishLynx .lif, annotated PNG) and the picture to post (JPEG).',
  usage: [
    '  photofinish export RACE [--pdf FILE] [--csv FILE] [--json FILE] [--lif FILE] [--png FILE] [--photo FILE.jpg]',
    '                          [--paper A4|Letter] [--lif-precision 0.01|0.001] [--force] [--unverified]',
    '  photofinish export RACE --dir DIR [--paper A4|Letter] [--force] [--unverified]',
    '',
    '  RACE            a race folder',
    '  --pdf FILE      the official result sheet (embedded fonts, same bytes for the same race and revision)',
    '  --csv FILE      results as CSV (RFC 4180, UTF-8)',
    '  --json FILE     results as JSON (the `results --json` shape, race metadata and evidence hashes)',
    '  --lif FILE      results for meet-management software (FinishLynx .lif, Windows-1252); needs the event',
    '                  number (photofinish event RACE --number N)',
    '  --png FILE      the image around the finishers with hairlines, labels and time ruler',
    '  --photo FILE    the picture to post (JPEG, 2048 px wide): the image, the enlargement of the decisive',
    '                  finish and a caption band; caption and result also in its XMP/EXIF metadata (listed)',
    '  --dir DIR       write all five into DIR (an existing folder) instead of RACE/exports/',
    '  --paper SIZE    A4 (default) or Letter',
    '  --lif-precision 0.01 or 0.001: the .lif time and delta fields at the meet database\'s precision',
    '                  (default 0.01; motorsport 0.001)',
    '  --force         replace existing files that are not earlier exports of this race',
    '  --unverified    export a race that says certified but is NOT VALID (exit 1 without it): every page of',
    '                  the sheet and the photo are stamped NOT VERIFIED, and nothing in them says certified',
    '',
    '  With no file option, all five are written into RACE/exports/, named after the race and its revision.',
    '  Prints the path of every file written. Never writes inside a race folder (other than its exports/), over',
    '  a source file of the race, or into its frames folder; an earlier export of this race is replaced.',
  ].join('\n'),
  async run(argv, ctx) {
    const { values, positionals } = parseCommandArgs('export', argv, {
      pdf: { type: 'string' },
      csv: { type: 'string' },
      json: { type: 'string' },
      lif: { type: 'string' },
      png: { type: 'string' },
      photo: { type: 'string' },
      dir: { type: 'string' },
      paper: { type: 'string' },
      'lif-precision': { type: 'string' },
      force: { type: 'boolean' },
      unverified: { type: 'boolean' },
    });
    const racePath = path.resolve(requirePositional(positionals, 0, 'RACE (a race folder)'));
    const paper = values.paper ?? 'A4';
    const normalised = paper.toLowerCase() === 'a4' ? 'A4' : paper.toLowerCase() === 'letter' ? 'Letter' : null;
    if (!normalised) throw new UserError(`--paper must be A4 or Letter, got "${paper}"`, 'INVALID_ARGUMENT');
    const lifPrecision = values['lif-precision'];
    if (lifPrecision !== undefined && lifPrecision !== '0.01' && lifPrecision !== '0.001') {
      throw new UserError(`--lif-precision must be 0.01 or 0.001, got "${lifPrecision}"`, 'INVALID_ARGUMENT');
    }
    const files: Record<string, string> = {};
    for (const k of FILE_OPTIONS) {
      const v = values[k];
      if (v !== undefined) {
        if (v.trim() === '') throw new UserError(`--${k} needs a file name`, 'INVALID_ARGUMENT');
        files[k] = path.resolve(v);
      }
    }
    const folder = values.dir !== undefined ? path.resolve(values.dir) : undefined;
    const race = await ctx.api.openRace({ path: racePath });
    if (race.integrity?.ok === false && !values.unverified) {
      // Exit 1 as verify does: the race was found not to be what it says.
      ctx.io.err(`photofinish export: ${cliErrorText({ message: `${racePath}: ${notValid(race.integrity.problems)}; nothing was exported`, hint: 'export-unverified' })}`);
      return 1;
    }
    const result = await ctx.api.exportRace({ raceId: race.raceId, paper: normalised, overwrite: values.force === true, unverified: values.unverified === true, ...(lifPrecision ? { lifPrecision } : {}), ...files, ...(folder ? { folder } : {}) });
    for (const w of result.written) {
      ctx.io.out(w.path);
      // The caption travels inside the photo: say what was written, as photo tools name the fields.
      for (const f of w.fields ?? []) ctx.io.out(`  ${f.name}: ${f.value.replace(/\n/g, ' | ')}`);
    }
    for (const s of result.skipped ?? []) ctx.io.err(`not written: the .${s.kind}: ${cliErrorText(s)}`);
    return 0;
  },
};
