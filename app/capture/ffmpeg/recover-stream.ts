/**
 * An H.264/HEVC capture folder after a kill or a crash: the stream file may run past its last timed packet (bytes
 * written, line never appended) and the last line may be torn. Before a build, the torn line is cut off and the
 * untimed tail is moved (never deleted) to a hidden `.unlisted-tail-<bytes>` file beside it, so the stream holds
 * exactly the packets timestamps.csv lists.
 */
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CAPTURE_LAYOUT, PACKET_TIMESTAMPS_HEADER, STREAM_FILE } from '../../domain/capture/capture-folder.js';
import { writeFileAtomic } from '../../store/atomic-write.js';

export interface StreamRecovery {
  frames: number;
  /** Bytes past the last timed packet, set aside. */
  untimedBytes: number;
  tornLine: boolean;
}

export async function recoverStream(folder: string, codec: keyof typeof STREAM_FILE): Promise<StreamRecovery> {
  const tsFile = path.join(folder, CAPTURE_LAYOUT.timestamps);
  const text = await readFile(tsFile, 'utf8').catch(() => '');
  const torn = text.length > 0 && !text.endsWith('\n');
  const whole = torn ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  if (torn || text === '') await writeFileAtomic(tsFile, whole === '' ? PACKET_TIMESTAMPS_HEADER : whole);
  const lines = whole.split('\n').slice(1).filter((l) => l.trim() !== '');
  const end = lines.length ? Number(lines[lines.length - 1]?.split(',')[4]) : 0;
  const file = path.join(folder, STREAM_FILE[codec]);
  const size = (await stat(file).catch(() => null))?.size ?? 0;
  let untimed = 0;
  if (Number.isSafeInteger(end) && size > end) {
    untimed = size - end;
    const handle = await open(file, 'r+');
    try {
      const tail = Buffer.alloc(untimed);
      await handle.read(tail, 0, untimed, end);
      await writeFileAtomic(path.join(folder, `.unlisted-tail-${end}${path.extname(file)}`), tail);
      await handle.truncate(end);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
  return { frames: lines.length, untimedBytes: untimed, tornLine: torn };
}
