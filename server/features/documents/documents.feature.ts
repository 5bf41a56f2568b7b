import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createDocumentsService, type DocumentsService } from './documents.service.ts';
import { documentsRouter } from './documents.router.ts';
import { documentsOperations } from './documents.rest.ts';
import { documentsAccountData } from './documents.account-data.ts';
import { documentsJobs } from './documents.jobs.ts';

declare module '../../services.ts' {
  interface Services {
    documents: DocumentsService;
  }
}

export const documentsFeature = defineFeature({
  name: 'documents',
  needs: ['accountData'],
  service: (deps, { accountData }) =>
    createDocumentsService({ db: deps.db, now: deps.now, ...deps.vault, exports: accountData, jobs: deps.jobs }),
  router: documentsRouter,
  rest: documentsOperations,
  accountData: ({ files }) => documentsAccountData(files),
  jobs: (services) => documentsJobs({ documents: services.documents }),
  activityTitles: [activityTitle({ subject: 'document', table: 'documents', title: 'title' })],
});
