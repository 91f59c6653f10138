/**
 * CPU time of a process and all its descendants (Chromium's browser, GPU, renderer and utility processes), from
 * /proc: the honest cost of a frame on a shared machine, where wall-clock times mostly measure the neighbours.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every process below `root` (not `root` itself): the browsers this process started. */
export function childrenCpuSeconds(root: number = process.pid): number {
  const all = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s) all.set(Number(name), s);
  }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all) {
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  inTree.delete(root);
  let ticks = 0;
  for (const pid of inTree) ticks += all.get(pid)?.ticks ?? 0;
  return ticks / TICKS_PER_S;
}

/** The one-minute load average and the number of cores, for the report. */
export function loadLine(): string {
  const [one, five] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  const cores = readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
  return `load average ${one} (1 min), ${five} (5 min) on ${cores} cores`;
}
