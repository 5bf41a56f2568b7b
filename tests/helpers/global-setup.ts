/** Vitest's globalSetup for the integration tests: the migrated template databases, built once before any file runs. */
import { prepareTemplates } from './test-database.ts';

export default async function setup(): Promise<void> {
  await prepareTemplates();
}
