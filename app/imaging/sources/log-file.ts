/**
 * An FFmpeg log written to a file and read back in lines when they are needed, for a process whose log carries one
 * line per frame (`showinfo`). Through a pipe, each of those lines woke Node up: FFmpeg writes stderr unbuffered,
 * a `showinfo` frame is 10-16 writes, and at 2000 frames the reads, wake-ups and chunk handling cost more CPU than
 * the lines are worth. A file takes the writes without waking anyone; the reader reads it once per batch of frames.
 * FFmpeg writes a frame's line before the frame itself reaches its output, so the lines for every frame received
 * are in the file when it is read.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export class LogFile {
  /** Give this to the process as its stderr (`stdio: [..., ..., log.fd]`). */
  readonly fd: number;
  private offset = 0;
  private pending = '';
  private closed = false;
  private readonly decoder = new StringDecoder('utf8');
  private readonly buf = Buffer.allocUnsafe(64 << 10);

  constructor(file: string) {
    this.fd = openSync(file, 'w+');
  }

  /** The complete lines written since the last call. */
  newLines(): string[] {
    if (this.closed) return [];
    let text = '';
    for (;;) {
      const n = readSync(this.fd, this.buf, 0, this.buf.length, this.offset);
      if (n <= 0) break;
      this.offset += n;
      text += this.decoder.write(this.buf.subarray(0, n));
    }
    if (text === '') return [];
    const lines = (this.pending + text).split(/\r|\n/);
    this.pending = lines.pop() ?? '';
    return lines;
  }

  /** The lines still unread, the last one even without its line end; the file is closed. */
  lastLines(): string[] {
    const lines = this.newLines();
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    this.close();
    return rest ? [...lines, rest] : lines;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
