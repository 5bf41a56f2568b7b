/**
 * A Playwright `test` whose `serverFlags` option starts the test's own server with those feature
 * flags set in FEATURE_FLAGS (so the server's answer, not a replaced one, switches the screen). With
 * no flags set, the test uses the shared server.
 */
import { test as base } from '@playwright/test';
import type { FeatureFlagName } from '#shared/feature-flags.ts';
import { startOwnServer } from './own-server.ts';

export const test = base.extend<{ serverFlags: Partial<Record<FeatureFlagName, boolean>> }>({
  serverFlags: [{}, { option: true }],
  baseURL: async ({ serverFlags, baseURL }, use) => {
    if (Object.keys(serverFlags).length === 0) return use(baseURL);
    const server = await startOwnServer({ E2E_FEATURE_FLAGS: JSON.stringify(serverFlags) });
    try {
      await use(server.baseURL);
    } finally {
      await server.stop();
    }
  },
});
