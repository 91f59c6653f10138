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
  renderer: ['domain', 'api'],
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
  exports: [NODE, 'sharp', 'pdfkit'],
  meet: [NODE, 'zod'],
  demo: [NODE, 'sharp'],
  service: [NODE],
  bridge: [NODE],
  electron: [NODE, 'electron'],
  cli: [NODE],
  renderer: ['react', 'react-dom'],
};
