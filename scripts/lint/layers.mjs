// The layers of docs/architecture.md as data: eslint.config.js turns them into boundaries policies, and the layer
// picture in the doc is checked against them (test/unit/scripts/lint/layers.test.ts). A layer may import its own files,
// the layers listed for it, and the packages listed for it; nothing else.

/** Layer → its folder (or file), relative to the repository root. */
export const LAYER_FOLDERS = {
  domain: 'app/domain/**',
  api: 'app/api/**',
  runtime: 'app/runtime/**',
  security: 'app/security/**',
  store: 'app/store/**',
  capture: 'app/capture/**',
  imaging: 'app/imaging/**',
  detection: 'app/detection/**',
  exports: 'app/exports/**',
  meet: 'app/meet/**',
  demo: 'app/demo/**',
  service: 'app/service/**',
  bridge: 'app/bridge/**',
  electron: 'app/electron/**',
  cli: 'app/cli/**',
  // The renderer's rooms. The first pattern that matches a file names its layer, so the shell, the session, the
  // transport and the error wording come before `renderer`, which is every other folder of renderer/src (screens,
  // panels, dialogs, viewer, actions, …: the UI, free to use one another).
  'renderer-shell': 'renderer/src/app/**',
  'renderer-session': 'renderer/src/session/**',
  'renderer-api': 'renderer/src/api/**',
  'renderer-errors': 'renderer/src/errors/**',
  renderer: 'renderer/src/**',
};

/**
 * Layer → the layers it may import. `api-types` is `app/api/types.ts` through `import type` only: the shapes
 * the engine layers hand back (a RaceView, an ExportResult), never the contract, the methods or dispatch.
 */
export const LAYERS = {
  domain: [],
  api: ['domain'],
  runtime: [],
  security: ['domain'],
  store: ['domain', 'security', 'runtime', 'api-types'],
  capture: ['domain', 'store', 'imaging'],
  imaging: ['domain', 'store', 'security', 'runtime', 'api-types'],
  detection: ['domain', 'store', 'imaging', 'security', 'runtime', 'api-types'],
  exports: ['domain', 'store', 'security', 'runtime', 'api-types'],
  meet: ['domain', 'store', 'exports', 'security', 'runtime', 'api-types'],
  demo: ['domain', 'api', 'store', 'imaging', 'security', 'runtime'],
  service: ['domain', 'api', 'security', 'runtime', 'store', 'imaging', 'capture', 'detection', 'exports', 'meet', 'demo'],
  bridge: ['domain', 'api', 'security', 'runtime', 'service'],
  electron: ['domain', 'api', 'security', 'runtime', 'service'],
  cli: ['domain', 'api', 'security', 'runtime', 'store', 'meet', 'service', 'bridge'],
  // The window (App, Header, the error boundary) puts the UI together; nothing imports it back.
  'renderer-shell': ['renderer', 'renderer-session', 'renderer-api', 'renderer-errors', 'domain', 'api'],
  // The UI reads and changes state only through the session; it never reaches up into the shell.
  renderer: ['renderer-session', 'renderer-api', 'renderer-errors', 'domain', 'api'],
  // State and actions, no DOM, no components: the UI sits on it, never the other way round.
  'renderer-session': ['renderer-api', 'renderer-errors', 'domain', 'api'],
  // The one door to the engine (IPC or HTTP).
  'renderer-api': ['domain', 'api'],
  // The app's wording of the engine's hints.
  'renderer-errors': ['domain', 'api'],
};

const NODE = 'node:*';
/** Layer → packages (npm or Node's own `node:` modules) it may import. The domain and the renderer get no `node:`. */
export const LAYER_PACKAGES = {
  domain: ['zod'],
  api: ['zod'],
  runtime: [NODE, 'pino'],
  security: [NODE],
  store: [NODE, 'zod'],
  capture: [NODE, 'zod'],
  imaging: [NODE, 'sharp'],
  detection: [NODE, 'sharp'],
  exports: [NODE, 'sharp', 'pdfkit', 'fontkit', 'bidi-js'],
  meet: [NODE, 'zod'],
  demo: [NODE, 'sharp'],
  service: [NODE],
  bridge: [NODE],
  electron: [NODE, 'electron'],
  cli: [NODE],
  'renderer-shell': ['react', 'react-dom'],
  renderer: ['react', 'react-dom'],
  'renderer-session': ['react', 'react-dom'],
  'renderer-api': [],
  'renderer-errors': [],
};
