/** Service operations of the export area (see app/api/methods/exports.ts). */
import type { PhotofinishService } from '../api/contract.js';
import { exportMethods } from '../api/methods/exports.js';
import type { ServiceContext } from './context.js';
import { notYet } from './not-yet.js';

export type ExportService = Pick<PhotofinishService, keyof typeof exportMethods>;

export function createExportService(_ctx: ServiceContext): ExportService {
  const stub = (name: string) => async () => notYet(name);
  return Object.fromEntries(Object.keys(exportMethods).map((k) => [k, stub(k)])) as unknown as ExportService;
}
