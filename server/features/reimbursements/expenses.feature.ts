import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createExpensesService, type ExpensesService } from './expenses.service.ts';
import { expensesRouter } from './expenses.router.ts';
import { expensesOperations } from './expenses.rest.ts';

declare module '../../services.ts' {
  interface Services {
    expenses: ExpensesService;
  }
}

/** The expenses a family paid (decision 0103); the feed names one by its category, never its provider. */
export const expensesFeature = defineFeature({
  name: 'expenses',
  needs: ['documents', 'fundingDeadlines'],
  service: (deps, { documents, fundingDeadlines }) => createExpensesService({ ...deps, documents, deadlines: fundingDeadlines }),
  router: expensesRouter,
  rest: expensesOperations,
  activityTitles: [activityTitle({ subject: 'expense', table: 'expenses', title: 'category' })],
});
