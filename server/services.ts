import type { FeatureFlags } from '../shared/feature-flags.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { LocalTokens } from './auth/local.ts';
import type { Db } from './db/database.ts';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service.ts';
import { createChildrenService, type ChildrenService } from './features/children/children.service.ts';
import { createContactService, type ContactService } from './features/contact/contact.service.ts';

export interface AuthConfig {
  provider: 'clerk' | 'local';
  publishableKey: string | null;
  /** Host of APP_ORIGIN: the post-auth router sends visitors on this host straight to /app. */
  productionHost: string | null;
}

export interface Services {
  children: ChildrenService;
  contact: ContactService;
  /** Built-in accounts; null in Clerk mode. */
  accounts: AccountsService | null;
  featureFlags: FeatureFlags;
  authConfig: AuthConfig;
}

export interface ServiceDeps {
  db: Db;
  auth: AuthProvider;
  /** Present with built-in accounts. */
  tokens: LocalTokens | null;
  featureFlags: FeatureFlags;
  appOrigin: string | undefined;
  now?: () => Date;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    children: createChildrenService(deps),
    contact: createContactService(deps),
    accounts: deps.tokens ? createAccountsService({ db: deps.db, tokens: deps.tokens, now: deps.now }) : null,
    featureFlags: deps.featureFlags,
    authConfig: {
      provider: deps.auth.kind,
      publishableKey: deps.auth.publishableKey,
      productionHost: deps.appOrigin ? new URL(deps.appOrigin).host : null,
    },
  };
}
