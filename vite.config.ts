/// <reference types="vitest/config" />
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { guideContent } from './scripts/guide-content.ts';

// Each test file runs in a process of its own, as do the servers some tests start: Node keeps the code it
// compiled (node_modules, the server's files) in this folder for the next one, which saved about a
// tenth of the unit tests' CPU (decision 0100). Vitest's workers inherit it from this process.
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'node-compile-cache');

export default defineConfig({
  plugins: [react(), tailwindcss(), guideContent()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.ts reads it to add modulepreload hints for each page's chunks.
    manifest: true,
    // Every browser we support has <link rel="modulepreload">; skip the polyfill's bytes.
    modulePreload: { polyfill: false },
  },
  test: {
    // Vitest's default is one worker less than the cores, so one on a 2-core CI machine; two keep both
    // cores busy while a test file waits on a child process, a timer or PostgreSQL (decision 0100).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The migrated template databases every test database is copied from (decision 0100).
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
