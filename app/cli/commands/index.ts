/** Every `photofinish` subcommand, in the order `--help` lists them. Each lives in its own file. */
import type { CliCommand } from '../command.js';

export const commands: CliCommand[] = [
];
