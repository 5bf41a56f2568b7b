/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { guideContent } from './scripts/guide-content.ts';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
