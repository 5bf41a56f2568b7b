import { defineFeature } from '../../core/feature.ts';
import { createChildrenService, type ChildrenService } from './children.service.ts';
import { childrenRouter } from './children.router.ts';
import { childrenOperations } from './children.rest.ts';
import { childrenAccountData } from './children.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    children: ChildrenService;
  }
}

export const childrenFeature = defineFeature({
  name: 'children',
  needs: ['accountData'],
  service: (deps, { accountData }) => createChildrenService({ ...deps, exports: accountData }),
  router: childrenRouter,
  rest: childrenOperations,
  accountData: childrenAccountData,
});
