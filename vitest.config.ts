import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (engine, store, exports, shell with electron mocked: real sharp, real files) and `e2e`
 * (real Chromium through the HTTP bridge; needs `npm run build:renderer` first, which `npm test` does).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
