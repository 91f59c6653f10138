/** Every `photofinish` subcommand, in the order `--help` lists them. Each lives in its own file. */
import type { CliCommand } from '../command.js';
import { serveCommand } from './serve.js';
import { buildCommand } from './build.js';
import { infoCommand } from './info.js';
import { exportCommand } from './export.js';
import { startListCommand } from './start-list.js';
import { sportCommand } from './sport.js';
import { markCommand } from './mark.js';
import { unmarkCommand } from './unmark.js';
import { resultsCommand } from './results.js';
import { deadHeatCommand } from './dead-heat.js';
import { certifyCommand } from './certify.js';
import { amendCommand } from './amend.js';
import { verifyCommand } from './verify.js';
import { detectCommand } from './detect.js';

export const commands: CliCommand[] = [
  serveCommand,
  buildCommand,
  infoCommand,
  exportCommand,
  startListCommand,
  sportCommand,
  markCommand,
  unmarkCommand,
  resultsCommand,
  deadHeatCommand,
  certifyCommand,
  amendCommand,
  verifyCommand,
  detectCommand,
];
