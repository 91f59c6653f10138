// The lint is where the architecture is a rule rather than a convention (docs/architecture.md, "Layers").
// `npm run lint` runs it; `npm test` runs it before vitest; test/unit/scripts/lint/layers.test.ts proves it refuses a
// forbidden import.
//
// Layering uses eslint-plugin-boundaries rather than import-x/no-restricted-paths: boundaries takes the layer list
// as an allow-list (anything not allowed is refused, so a new folder or a new edge must be placed in the picture
// before it lints), it knows Node's core modules as an origin of their own (the domain may import no `node:` module),
// and a file outside every layer is itself an error (`boundaries/no-unknown-files`). no-restricted-paths is a
// deny-list of zone pairs: an allow-list of 14 layers would be ~150 zones, and a forgotten pair passes silently.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { LAYERS, LAYER_FOLDERS, LAYER_PACKAGES } from './scripts/lint/layers.mjs';

const sourceFiles = ['**/*.{ts,tsx,js,mjs,cjs}'];

/** One allow policy per layer: its own files, the layers below it, and the packages it may use. */
function layerPolicies() {
  return Object.entries(LAYERS).flatMap(([layer, allowed]) => {
    const from = { element: { type: layer } };
    const layers = [layer, ...allowed.filter((l) => l !== 'api-types')];
    return [
      { from, allow: { to: { element: { type: layers } } } },
      ...(allowed.includes('api-types') ? [{ from, allow: { to: { element: { type: 'api', fileInternalPath: 'types.ts' } }, dependency: { kind: 'type' } } }] : []),
      { from, allow: { to: { module: { origin: ['external', 'core'], source: LAYER_PACKAGES[layer] } } } },
    ];
  });
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'release/**', 'node_modules/**', 'test-artifacts/**', 'coverage/**', '.scratch*/**', '.vite/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: sourceFiles,
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // Types carry the contract; `_`-prefixed names are deliberately unused (a callback's position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    // Tests mock Electron's objects loosely; the contract they check is behaviour, not the mock's types.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['app/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(LAYER_FOLDERS).map(([type, pattern]) => ({ type, pattern, partialMatch: false })),
      'boundaries/include': ['app/**/*', 'renderer/src/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: ['tsconfig.node.json', 'renderer/tsconfig.json'], noWarnOnMultipleProjects: true }, node: true },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies: layerPolicies() }],
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
);
