/** The shape of one CLI subcommand: a thin face over the same API the desktop app uses. */
import type { PhotofinishApi } from '../api/contract.js';
import type { RunningService } from '../service/create-service.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (draw progress bars); plain lines otherwise. */
  isTTY: boolean;
}

export interface CliContext {
  api: PhotofinishApi;
  running: RunningService;
  io: CliIo;
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Usage line(s) shown by `photofinish help NAME` and on argument errors. */
  usage: string;
  /** Returns the process exit status. Throw UserError for anything the user can fix. */
  run(argv: string[], ctx: CliContext): Promise<number>;
}
