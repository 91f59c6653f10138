/**
 * Crash tests: runs a child script (node --import tsx) that prints a growing count after each thing it has made
 * durable, and kills it with SIGKILL `extraMs` after the count reaches `count`. Resolves with the last count seen.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function runAndKill(script: string, arg: string, count: number, extraMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, arg], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = 0;
    let stderr = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      last = Math.max(last, ...chunk.toString().trim().split('\n').map(Number).filter(Number.isFinite));
      if (!armed && last >= count) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), extraMs);
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(last) : reject(new Error(`${script} ended without being killed: ${stderr}`))));
  });
}
