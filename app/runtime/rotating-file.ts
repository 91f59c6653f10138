/**
 * A size-capped log file with a few generations (photofinish.log, .1, .2, ...), written synchronously so the line
 * about a crash is on disk before the process dies. Rotation happens when a write takes the file past the cap.
 * A failure to write the log never becomes the user's problem: logging stops quietly (see `broken`).
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface RotatingFileOptions {
  file: string;
  /** Bytes before the file is rotated. */
  maxBytes: number;
  /** Older files kept beside it (file.1 is the newest of them). */
  generations: number;
}

export class RotatingFile {
  private fd: number | null = null;
  private size = 0;
  /** Set when the log cannot be written (read-only disk, full disk): the app goes on without it. */
  broken: Error | null = null;

  constructor(private readonly opts: RotatingFileOptions) {}

  write(line: string): void {
    if (this.broken) return;
    try {
      if (this.fd === null) this.open();
      const bytes = Buffer.byteLength(line);
      if (this.size > 0 && this.size + bytes > this.opts.maxBytes) this.rotate();
      writeSync(this.fd as number, line);
      this.size += bytes;
    } catch (err) {
      this.broken = err as Error;
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private open(): void {
    mkdirSync(path.dirname(this.opts.file), { recursive: true });
    this.fd = openSync(this.opts.file, 'a');
    this.size = statSync(this.opts.file).size;
  }

  private rotate(): void {
    this.close();
    const { file, generations } = this.opts;
    rmSync(`${file}.${generations}`, { force: true });
    for (let g = generations - 1; g >= 1; g--) renameIfThere(`${file}.${g}`, `${file}.${g + 1}`);
    renameIfThere(file, `${file}.1`);
    this.open();
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    // A generation that does not exist yet is the normal case while the log is young.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
