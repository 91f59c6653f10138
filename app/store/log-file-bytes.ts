/** Byte-level helpers for the audit log file: the repairs opening a race makes, and reading back an append. */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from './atomic-write.js';

export async function syncFile(file: string): Promise<void> {
  const h = await open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
  await fsyncDir(path.dirname(file));
}

export async function endsWithNewline(file: string): Promise<boolean> {
  const h = await open(file, 'r');
  try {
    const { size } = await h.stat();
    if (size === 0) return true;
    const buf = Buffer.alloc(1);
    await h.read(buf, 0, 1, size - 1);
    return buf[0] === 0x0a;
  } finally {
    await h.close();
  }
}

export async function appendNewline(file: string): Promise<void> {
  const h = await open(file, 'a');
  try {
    await h.appendFile('\n');
    await h.sync();
  } finally {
    await h.close();
  }
}

/** The bytes of `file` from offset `from` to its end. */
export async function readTail(file: string, from: number): Promise<Buffer> {
  const h = await open(file, 'r');
  try {
    const { size } = await h.stat();
    const buf = Buffer.alloc(Math.max(0, size - from));
    await h.read(buf, 0, buf.length, from);
    return buf;
  } finally {
    await h.close();
  }
}
