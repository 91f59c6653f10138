import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The renderer bundle, served by the Electron `app://` protocol and by the HTTP bridge. Relative `base` so the
 * same files work under both origins; no inline scripts, so the strict CSP (`script-src 'self'`) holds.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome120',
    modulePreload: { polyfill: false },
  },
});
