#!/usr/bin/env node
// The `photofinish` command. Runs the TypeScript sources through tsx's loader so the CLI works right after
// `npm install`, with no build step; the packaged desktop app uses its own bundled build instead.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
