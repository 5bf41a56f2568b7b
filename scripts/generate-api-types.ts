import { createMailer } from '../server/core/mail.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import { createLocalAuthProvider, LocalTokens } from '../server/auth/local.ts';
import { openDatabase } from '../server/db/database.ts';
import { buildOpenApiDocument } from '../server/rest/openapi.ts';
import { restOperations } from '../server/rest/operations.ts';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from '../server/rest/rate-limits.ts';
import { createServices } from '../server/services.ts';
import { createVaultSetup } from '../server/features/documents/vault-setup.ts';
import { createLogger } from '../server/lib/logger.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_TYPES_PATH, generateApiTypes } from './lib/api-types.ts';
import { loadConfig } from '../server/config.ts';

// The built-in accounts document is the superset: with Clerk only /api/auth/* is left out.
// The operations close over real services (never called here) over an empty in-memory database.
const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
const tokens = new LocalTokens(randomBytes(32).toString('hex'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-api-types-'));
const vault = await createVaultSetup({
  db,
  dataDir,
  log: createLogger('silent'),
  // The default limits, and a keyring of its own in the temporary folder.
  vault: loadConfig({}).vault,
});
const services = createServices({
  db,
  auth: createLocalAuthProvider(tokens, db),
  tokens,
  featureFlags: FEATURE_FLAG_DEFAULTS,
  appOrigin: undefined,
  vault,
  mailer: createMailer(undefined, createLogger('silent')),
});
const source = await generateApiTypes(buildOpenApiDocument(restOperations(services, createRateLimiters(DEFAULT_RATE_LIMITS))));
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
const target = fileURLToPath(new URL(`../${API_TYPES_PATH}`, import.meta.url));
writeFileSync(target, source);
console.log(`Wrote ${API_TYPES_PATH}`);
