import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../server/rest/openapi.ts';
import { API_TYPES_PATH, generateApiTypes } from './lib/api-types.ts';

// The built-in accounts document is the superset: with Clerk only /api/auth/* is left out.
const source = await generateApiTypes(buildOpenApiDocument({ builtInAccounts: true }));
const target = fileURLToPath(new URL(`../${API_TYPES_PATH}`, import.meta.url));
writeFileSync(target, source);
console.log(`Wrote ${API_TYPES_PATH}`);
