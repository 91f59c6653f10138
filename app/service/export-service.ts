/**
 * Service operations of the export area (see app/api/methods/exports.ts): the result sheet and data exports of an
 * open race. The desktop app's export actions, the browser bridge and `photofinish export` all arrive here. The
 * exporters (pdfkit, fonts, sharp) are loaded on the first export, not when the service starts.
 */
import { UserError } from '../domain/errors.js';
import type { PhotofinishService } from '../api/contract.js';
import type { exportMethods } from '../api/methods/exports.js';
import { SOFTWARE } from '../runtime/version.js';
import path from 'node:path';
import { RACE_LAYOUT } from '../domain/race/evidence.js';
import { resolveContainedFile } from '../security/contain.js';
import type { ServiceContext } from './context.js';
import { loadRaceView } from './race-view.js';

export type ExportService = Pick<PhotofinishService, keyof typeof exportMethods>;

export function createExportService(ctx: ServiceContext): ExportService {
  return {
    async exportRace(req) {
      const folder = ctx.races.pathOf(req.raceId);
      const [view, { exportRaceFiles }] = await Promise.all([loadRaceView(ctx, req.raceId), import('../exports/export-race.js')]);
      // A certification that does not hold is never printed as one; exported anyway, each file says NOT VERIFIED.
      if (view.integrity?.ok === false && !req.unverified) {
        throw new UserError(`${folder}: NOT VALID: ${view.integrity.problems[0] ?? 'the certification does not hold'}; nothing was exported`, 'CONFLICT', { hint: 'export-unverified' });
      }
      return exportRaceFiles(view, folder, {
        targets: { pdf: req.pdf, csv: req.csv, json: req.json, lif: req.lif, png: req.png, photo: req.photo },
        folder: req.folder,
        kinds: req.kinds,
        paper: req.paper,
        overwrite: req.overwrite,
        dataDir: ctx.dataDir,
        ...(req.lifPrecision ? { lifPrecision: req.lifPrecision } : {}),
        software: { name: SOFTWARE.name, version: SOFTWARE.version },
      });
    },
    async openExport({ raceId, file, how }) {
      if (!ctx.desktop) throw new UserError('Opening an exported file needs the desktop app; in a browser it is downloaded instead', 'INVALID_ARGUMENT');
      const exportsDir = path.join(ctx.races.pathOf(raceId), RACE_LAYOUT.exportsDir);
      // Only the race's own exports: a path that leaves exports/ (or a link out of it) is refused.
      const relative = path.relative(exportsDir, path.resolve(file)).split(path.sep).map(encodeURIComponent).join('/');
      const contained = await resolveContainedFile(exportsDir, relative).catch(() => {
        throw new UserError(`${file}: not an exported file of this race`, 'NOT_FOUND');
      });
      if (how === 'show') ctx.desktop.showItemInFolder(contained.file);
      else {
        const problem = await ctx.desktop.openPath(contained.file);
        if (problem) throw new UserError(`${contained.file}: ${problem}`, 'INVALID_ARGUMENT');
      }
      return { ok: true as const };
    },
    async getCloseups({ raceId }) {
      const folder = ctx.races.pathOf(raceId);
      const [view, { readRaceEvidence }, { closeupsView }] = await Promise.all([
        loadRaceView(ctx, raceId),
        import('../exports/evidence-files.js'),
        import('../exports/closeups.js'),
      ]);
      // The composite is read as the sheet reads it: checked against the hash its manifest recorded.
      const ev = await readRaceEvidence(view, folder);
      return closeupsView(view, ev.composite);
    },
  };
}
