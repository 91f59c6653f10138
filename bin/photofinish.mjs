#!/usr/bin/env node
// The `photofinish` command. Runs the esbuild bundle that `npm install` builds (scripts/build-cli.mjs) when it is
// fresh: every source file it was built from still has the mtime it had when it was read (~150 stats, under a
// millisecond). Otherwise (no bundle, an edited or deleted source, a reinstall) it runs the TypeScript sources
// through tsx's loader, so the CLI works right after `npm install` with no build step and never runs stale code.
// PHOTOFINISH_FROM_SOURCE=1 always runs the sources. The packaged desktop app uses its own bundled build instead.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** dist/cli/main.mjs if it was built from exactly the files on disk now, else null. */
function freshBundle() {
  if (process.env.PHOTOFINISH_FROM_SOURCE) return null;
  try {
    const { sources } = JSON.parse(readFileSync(new URL('dist/cli/build-info.json', root), 'utf8'));
    const files = Object.entries(sources);
    if (files.length === 0) return null;
    for (const [file, mtimeMs] of files) if (statSync(new URL(file, root)).mtimeMs !== mtimeMs) return null;
    return new URL('dist/cli/main.mjs', root).href;
  } catch {
    return null; // not built, or a source it was built from is gone
  }
}

const bundle = freshBundle();
if (bundle && process.env.PHOTOFINISH_DEBUG) process.setSourceMapsEnabled(true);
if (!bundle) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { main } = await import(bundle ?? '../app/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
