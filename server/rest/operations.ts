import type { Services } from '../services.ts';
import { accountDataOperations } from './account-data.routes.ts';
import { authOperations } from './auth.routes.ts';
import { caregiversOperations } from './caregivers.routes.ts';
import { childProfileOperations } from './child-profile.routes.ts';
import { childRecordOperations } from './child-record.routes.ts';
import { childrenOperations } from './children.routes.ts';
import { documentsOperations } from './documents.routes.ts';
import { guideOperations } from './guide.routes.ts';
import { configOperations } from './config.routes.ts';
import { contactOperations } from './contact.routes.ts';
import { notificationsOperations } from './notifications.routes.ts';
import type { RestOperation } from './operation.ts';
import type { RateLimiters } from './rate-limits.ts';

/** Every REST operation the server mounts and the OpenAPI document describes; built-in accounts add /api/auth/*. */
export function restOperations(services: Services, limits: RateLimiters, options: { httpsOrigin?: boolean } = {}): RestOperation[] {
  return [
    ...configOperations(services),
    ...(services.accounts ? authOperations(services.accounts, limits, options) : []),
    ...childrenOperations(services),
    ...childRecordOperations(services),
    ...childProfileOperations(services),
    ...documentsOperations(services, limits),
    ...guideOperations(services),
    ...accountDataOperations(services),
    ...caregiversOperations(services),
    ...notificationsOperations(services),
    ...contactOperations(services, limits),
  ];
}
