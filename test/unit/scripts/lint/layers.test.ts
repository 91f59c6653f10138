/**
 * The layers of docs/architecture.md are a rule: ESLint (eslint.config.js, boundaries) refuses an import that
 * crosses them. Each case lints a file that does not exist on disk (ESLint's lintText with a path inside the
 * layer), so the tree stays clean and the rule is shown to bite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAYERS } from '../../../../scripts/lint/layers.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer boundaries', () => {
  it('refuses a Node module in the domain', async () => {
    const found = await lint('app/domain/time/bad-example.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n");
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"domain".*origin "core".*"node:fs"/)]);
  });

  it('refuses the domain importing the api', async () => {
    const found = await lint('app/domain/results/bad-example.ts', "import type { RaceView } from '../../api/types.js';\nexport type X = RaceView;\n");
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"domain".*"api"/)]);
  });

  it('refuses the renderer reaching into the store or Node', async () => {
    const store = await lint('renderer/src/panels/bad-example.ts', "import { readRaceDocument } from '../../../app/store/race-document-file.js';\nexport const x = readRaceDocument;\n");
    expect(store).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"renderer".*"store"/)]);
    const node = await lint('renderer/src/panels/bad-example.ts', "import path from 'node:path';\nexport const x = path;\n");
    expect(node).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"renderer".*origin "core".*"node:path"/)]);
  });

  it('keeps the renderer in its rooms: no UI file reaches up into the window shell, the session imports no UI', async () => {
    const up = await lint('renderer/src/dialogs/bad-example.ts', "import { App } from '../app/App.js';\nexport const x = App;\n");
    expect(up).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"renderer".*"renderer-shell"/)]);
    const sessionToUi = await lint('renderer/src/session/bad-example.ts', "import { viewerData } from '../viewer/viewer-data.js';\nexport const x = viewerData;\n");
    expect(sessionToUi).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"renderer-session".*"renderer"/)]);
    const transportToSession = await lint('renderer/src/api/bad-example.ts', "import { session } from '../session/state.js';\nexport const x = session;\n");
    expect(transportToSession).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"renderer-api".*"renderer-session"/)]);
    expect(await lint('renderer/src/dialogs/ok-example.ts', "import { officialStore } from '../session/official.js';\nexport const x = officialStore;\n")).toEqual([]);
  });

  it('refuses the store importing imaging (the old store ↔ imaging circle)', async () => {
    const found = await lint('app/store/bad-example.ts', "import { openSource } from '../imaging/sources/open-source.js';\nexport const x = openSource;\n");
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"store".*"imaging"/)]);
  });

  it('lets imaging take api result shapes as types only, never the api contract or methods', async () => {
    expect(await lint('app/imaging/bad-example.ts', "import type { FrameImage } from '../api/types.js';\nexport type X = FrameImage;\n")).toEqual([]);
    const methods = await lint('app/imaging/bad-example.ts', "import type { BuildRequest } from '../api/methods/build.js';\nexport type X = BuildRequest;\n");
    expect(methods).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"imaging".*"api"/)]);
    const value = await lint('app/imaging/bad-example.ts', "import { toApiError } from '../api/errors.js';\nexport const x = toApiError;\n");
    expect(value).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"imaging".*"api"/)]);
  });

  it('refuses a face importing another face it does not sit on', async () => {
    const found = await lint('app/bridge/bad-example.ts', "import { main } from '../cli/main.js';\nexport const x = main;\n");
    expect(found).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"bridge".*"cli"/)]);
  });

  it('refuses a file in a folder that is in no layer', async () => {
    const found = await lint('app/newthing/bad-example.ts', 'export const x = 1;\n');
    expect(found).toEqual([expect.stringMatching(/^boundaries\/no-unknown-files/)]);
  });

  it('passes what the layers allow', async () => {
    expect(await lint('app/service/ok-example.ts', "import { UserError } from '../domain/errors.js';\nimport { readRaceDocument } from '../store/race-document-file.js';\nimport path from 'node:path';\nexport const x = [UserError, readRaceDocument, path];\n")).toEqual([]);
    expect(await lint('renderer/src/panels/ok-example.ts', "import type { RaceView } from '../../../app/api/types.js';\nimport { ticksToSeconds } from '../../../app/domain/time/ticks.js';\nexport type X = RaceView;\nexport const y = ticksToSeconds;\n")).toEqual([]);
  });
});

describe('the layer picture in docs/architecture.md', () => {
  it('lists, for every layer, exactly what the lint lets it import', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    const table = new Map<string, string[]>();
    for (const m of doc.matchAll(/^\| `(\w[\w-]*)` \| ([^|]*) \|/gm)) {
      const allowed = [...(m[2] ?? '').matchAll(/`([\w-]+)`/g)].map((a) => a[1] ?? '');
      table.set(m[1] ?? '', allowed);
    }
    for (const [layer, allowed] of Object.entries(LAYERS)) {
      expect({ layer, allowed: table.get(layer) }).toEqual({ layer, allowed: [...allowed] });
    }
  });
});
