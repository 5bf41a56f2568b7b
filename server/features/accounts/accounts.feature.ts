import { defineFeature } from '../../core/feature.ts';
import { createAccountsService, type AccountsService } from './accounts.service.ts';
import { accountsRouter } from './accounts.router.ts';
import { authOperations } from './accounts.rest.ts';

declare module '../../services.ts' {
  interface Services {
    /** Built-in accounts; null in Clerk mode. */
    accounts: AccountsService | null;
  }
}

export const accountsFeature = defineFeature({
  name: 'accounts',
  service: (deps) =>
    deps.tokens
      ? createAccountsService({
          db: deps.db,
          tokens: deps.tokens,
          auth: deps.auth,
          mailer: deps.mailer,
          appUrl: deps.appUrl,
          now: deps.now,
        })
      : null,
  router: accountsRouter,
  rest: (services, limits, options) => (services.accounts ? authOperations(services.accounts, limits, options) : []),
});
