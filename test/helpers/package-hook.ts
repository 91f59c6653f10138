/**
 * Which packages a `photofinish` run loads: a resolve hook, installed before tsx's with `--import REGISTER`, writes
 * `PKG name` to stderr for every module it resolves from node_modules. For tests that a command does not load
 * what it does not need (sharp, pdfkit, zod).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Writes the hook into `dir`; returns the `--import` argument that installs it. */
export async function writePackageHook(dir: string): Promise<string> {
  const hooks = path.join(dir, 'hooks.mjs');
  await writeFile(
    hooks,
    `export async function resolve(s, c, next) { const r = await next(s, c); const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(r.url); if (m) process.stderr.write('PKG ' + m[1] + '\\n'); return r; }`,
  );
  const register = path.join(dir, 'register.mjs');
  await writeFile(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`);
  return pathToFileURL(register).href;
}

/** The packages a run's stderr says it loaded. */
export function packagesLoaded(stderr: string): Set<string> {
  return new Set([...stderr.matchAll(/^PKG (.+)$/gm)].map((m) => m[1] as string));
}
