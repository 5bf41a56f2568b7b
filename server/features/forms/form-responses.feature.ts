import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createFormResponsesService, type FormResponsesService } from './form-responses.service.ts';
import { formResponsesRouter } from './form-responses.router.ts';
import { formResponsesOperations } from './form-responses.rest.ts';

declare module '../../services.ts' {
  interface Services {
    formResponses: FormResponsesService;
  }
}

/** Answers sent through smart forms' fill links, approved into the record or rejected (issue 28, decision 0109). */
export const formResponsesFeature = defineFeature({
  name: 'formResponses',
  needs: ['goals', 'observations'],
  service: (deps, needed) => createFormResponsesService({ ...deps, ...needed }),
  router: formResponsesRouter,
  rest: formResponsesOperations,
  // Named by who answered.
  activityTitles: [activityTitle({ subject: 'form-response', table: 'formResponses', title: 'recipientName' })],
});
