#!/usr/bin/env node
// Bundles the `photofinish` command line with esbuild into dist/cli/ (`npm run build:cli`; also run by `npm install`
// and `npm ci` through the `prepare` script). Why: through tsx's loader every start compiles-and-resolves ~150
// TypeScript files and loads zod as ~200 separate modules (~0.1 s before any work); the bundle starts in a fraction.
//
//   dist/cli/main.mjs          app/cli/main.ts as ESM; each command, the service areas, imaging, exports and detection
//                              are separate chunks loaded on first use (code splitting keeps the lazy loading)
//   dist/cli/build-info.json   every source file the bundle was built from with its mtime at the moment it was read;
//                              bin/photofinish.mjs uses the bundle only while all of them are unchanged, and runs the
//                              TypeScript sources through tsx otherwise (so an edited checkout never runs stale code)
//
// sharp, pdfkit (and fontkit, which it shapes with), electron and pino stay external (native code, data files, pino's worker-thread loader: loaded from
// node_modules); zod is bundled.
// Sources locate files from import.meta.url (fonts, package.json, the renderer); each file gets its own original URL,
// so those paths resolve exactly as they do from the sources.
//
// Usage: node scripts/build-cli.mjs [--quiet] [--prepare] [--outdir DIR]   (bin/photofinish.mjs looks in dist/cli only)
//   --prepare  as npm's prepare step: a missing esbuild (production install) or a failed build is a one-line note,
//              not a failed install; the CLI then runs from the sources.
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { quiet: { type: 'boolean' }, prepare: { type: 'boolean' }, outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(root, 'dist', 'cli'));
// Built next to the output folder (same depth, so the relative source URLs hold) and swapped in whole at the end.
const staging = path.join(path.dirname(outdir), `.${path.basename(outdir)}-${process.pid}`);
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

async function bundle() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    if (!values.prepare) throw new Error('esbuild is not installed (it is a devDependency: run npm install)');
    console.log('build:cli: esbuild not installed (production install); photofinish will run from the TypeScript sources');
    return;
  }
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });

  /** Source file (repo-relative) → mtime when its contents were read. */
  const sources = {};
  const appSources = {
    name: 'app-sources',
    setup(b) {
      b.onLoad({ filter: /[\\/]app[\\/].*\.ts$/ }, async (args) => {
        const { mtimeMs } = statSync(args.path);
        const text = await readFile(args.path, 'utf8');
        sources[rel(args.path)] = mtimeMs;
        const ownUrl = `new URL(${JSON.stringify(path.relative(staging, args.path).split(path.sep).join('/'))}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', ownUrl), loader: 'ts' };
      });
    },
  };

  const started = Date.now();
  await esbuild.build({
    entryPoints: { main: path.join(root, 'app/cli/main.ts') },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    external: ['sharp', 'pdfkit', 'fontkit', 'electron', 'pino'],
    // Bundled CommonJS dependencies may call require(); give them Node's.
    banner: { js: "import { createRequire as __pfCreateRequire } from 'node:module'; const require = __pfCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning', // errors and warnings; the summary line below replaces esbuild's list of chunks
    plugins: [appSources],
  });

  // A file saved while esbuild was reading may have been read half-old; then the bundle is not recorded as fresh.
  for (const [file, mtimeMs] of Object.entries(sources)) {
    if (statSync(path.join(root, file)).mtimeMs !== mtimeMs) throw new Error(`${file} changed during the build; run npm run build:cli again`);
  }
  // A reinstall of the dependencies (zod is inside the bundle) rewrites npm's record of node_modules.
  const lock = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(lock)) sources[rel(lock)] = statSync(lock).mtimeMs;
  await writeFile(path.join(staging, 'build-info.json'), `${JSON.stringify({ builtAt: new Date(started).toISOString(), sources }, null, 1)}\n`);

  const old = `${staging}-old`;
  if (existsSync(outdir)) await rename(outdir, old);
  await rename(staging, outdir);
  await rm(old, { recursive: true, force: true });
  if (!values.quiet) console.log(`build:cli: ${rel(path.join(outdir, 'main.mjs'))} from ${Object.keys(sources).length} files in ${Date.now() - started} ms`);
}

try {
  await bundle();
} catch (err) {
  await rm(staging, { recursive: true, force: true });
  const first = err?.errors?.[0]; // esbuild's own: name the file and line
  const message = first?.location ? `${first.location.file}:${first.location.line}: ${first.text}` : err instanceof Error ? err.message.split('\n')[0] : String(err);
  if (!values.prepare) {
    console.error(`build:cli: ${message}`);
    process.exitCode = 1;
  } else {
    console.log(`build:cli: not bundled (${message}); photofinish will run from the TypeScript sources`);
  }
}
