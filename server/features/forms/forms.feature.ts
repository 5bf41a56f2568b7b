import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createFormsService, type FormsService } from './forms.service.ts';
import { formsRouter } from './forms.router.ts';
import { formsOperations } from './forms.rest.ts';
import { formsAccountData } from './forms.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    forms: FormsService;
  }
}

/** Smart forms and their fill links (issue 28, decision 0109); the answers' side is formResponses. */
export const formsFeature = defineFeature({
  name: 'forms',
  needs: ['children', 'goals', 'notifications'],
  service: (deps, needed) => createFormsService({ ...deps, ...needed }),
  router: formsRouter,
  rest: formsOperations,
  accountData: formsAccountData,
  activityTitles: [activityTitle({ subject: 'form', table: 'forms', title: 'title' })],
});
