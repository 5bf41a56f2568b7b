import { defineFeature } from '../../core/feature.ts';
import { createReimbursementsService, type ReimbursementsService } from './reimbursements.service.ts';
import { reimbursementsRouter } from './reimbursements.router.ts';
import { reimbursementsOperations } from './reimbursements.rest.ts';

declare module '../../services.ts' {
  interface Services {
    /** The summary, the deadlines and the exports of the child's reimbursements. */
    reimbursements: ReimbursementsService;
  }
}

/** Reads what the fundingSources, expenses and claims features write (decision 0103): their folder, their tables. */
export const reimbursementsFeature = defineFeature({
  name: 'reimbursements',
  needs: ['documents'],
  service: (deps, { documents }) => createReimbursementsService({ ...deps, documents }),
  router: reimbursementsRouter,
  rest: reimbursementsOperations,
});
