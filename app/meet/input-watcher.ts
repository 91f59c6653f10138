/**
 * Watches a meet's input folder for the meet software rewriting lynx.sch, lynx.evt or lynx.ppl. File-system events
 * are quick where they work; a network share often sends none, so the three files' size and modification time are
 * also compared every second. Either way the callback runs once things have been quiet for a moment (a burst of
 * writes is one change), never twice at once, and never keeps a finished process alive.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { log } from '../runtime/log.js';

const INPUT_NAMES = new Set(['lynx.sch', 'lynx.evt', 'lynx.ppl']);

export interface InputWatcher {
  close(): void;
}

async function fingerprint(dir: string): Promise<string> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => INPUT_NAMES.has(n.toLowerCase())).sort();
  const parts = await Promise.all(
    names.map(async (n) => {
      const s = await stat(path.join(dir, n)).catch(() => null);
      return s ? `${n}:${s.size}:${s.mtimeMs}` : `${n}:gone`;
    }),
  );
  return parts.join('|');
}

export function watchMeetInput(dir: string, onChange: () => Promise<void>, options: { quietMs?: number; pollMs?: number } = {}): InputWatcher {
  const quietMs = options.quietMs ?? 250;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  let closed = false;
  let last: string | null = null;
  void fingerprint(dir).then((f) => (last ??= f));

  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      last = await fingerprint(dir);
      await onChange();
    } catch (err) {
      // A meet file that is not whole yet, or a race being changed by another station: the next change tries again.
      log().warn({ err, dir }, 'the meet input could not be applied');
    } finally {
      running = false;
      if (again && !closed) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), quietMs);
    timer.unref();
  };

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      if (name === null || INPUT_NAMES.has(String(name).toLowerCase())) schedule();
    });
    watcher.on('error', () => undefined); // the folder went away (a share dropped): polling goes on
  } catch {
    // No events on this file system: polling alone.
  }
  const poll = setInterval(() => {
    void fingerprint(dir).then((f) => {
      if (last !== null && f !== last && !running) schedule();
    });
  }, options.pollMs ?? 1000);
  poll.unref();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
    },
  };
}
