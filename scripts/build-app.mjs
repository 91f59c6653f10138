#!/usr/bin/env node
// Bundles the desktop app's Node side with esbuild into dist/ (`npm run build:app`):
//   dist/app/electron/main.cjs    the main process (package.json "main"); electron, sharp, pdfkit, fontkit and pino stay external
//                                 (native code and data files that must be loaded from node_modules). CommonJS on
//                                 purpose: an ESM entry is loaded asynchronously, so `app` could be ready before
//                                 its top-level code registers the app:// scheme and takes the single-instance lock.
//   dist/app/electron/preload.cjs CommonJS preload, one self-contained file: sandboxed preloads cannot import
// Usage: node scripts/build-app.mjs [--outdir DIR] [--quiet]
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' }, quiet: { type: 'boolean' } } });
const outdir = path.resolve(values.outdir ?? path.join(root, 'dist'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// app/runtime/version.ts reads package.json relative to its own file, which a bundle moves; bake the values in instead.
const bakedVersion = {
  name: 'bake-version',
  setup(b) {
    b.onLoad({ filter: /[\\/]app[\\/]runtime[\\/]version\.ts$/ }, () => ({
      contents: `export const SOFTWARE = Object.freeze(${JSON.stringify({ name: pkg.productName ?? 'Photofinish', version: pkg.version })});`,
      loader: 'ts',
    }));
  },
};

// The preload needs only the method names, not the zod schemas behind them (~750 kB a window would parse on
// every load): evaluate the contract once here and hand the preload a literal list.
async function methodNamesModule() {
  const out = await build({
    entryPoints: [path.join(root, 'app/api/contract.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  const code = out.outputFiles[0].text;
  const { apiMethodNames } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return `export const apiMethodNames = Object.freeze(${JSON.stringify([...apiMethodNames])});`;
}
const namesOnly = await methodNamesModule();
const contractNamesOnly = {
  name: 'contract-names-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]app[\\/]api[\\/]contract\.ts$/ }, () => ({ contents: namesOnly, loader: 'ts' }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  sourcemap: false,
  legalComments: 'none',
  logLevel: values.quiet ? 'warning' : 'info',
  plugins: [bakedVersion],
  define: { 'process.env.NODE_ENV': '"production"' },
};

await mkdir(path.join(outdir, 'app', 'electron'), { recursive: true });
const started = Date.now();
await Promise.all([
  build({
    ...common,
    entryPoints: [path.join(root, 'app/electron/main.ts')],
    outfile: path.join(outdir, 'app/electron/main.cjs'),
    format: 'cjs',
    target: 'node22',
    external: ['electron', 'sharp', 'pdfkit', 'fontkit', 'pino'],
    // The sources are ESM and some locate files from import.meta.url (fonts, the renderer); give them the bundle's.
    banner: { js: "const __pfImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { ...common.define, 'import.meta.url': '__pfImportMetaUrl' },
  }),
  build({
    ...common,
    entryPoints: [path.join(root, 'app/electron/preload.ts')],
    outfile: path.join(outdir, 'app/electron/preload.cjs'),
    format: 'cjs',
    target: 'chrome140',
    external: ['electron'],
    plugins: [bakedVersion, contractNamesOnly],
  }),
]);
if (!values.quiet) console.log(`build:app: dist/app/electron/{main.cjs,preload.cjs} in ${Date.now() - started} ms -> ${path.relative(root, outdir) || '.'}`);
