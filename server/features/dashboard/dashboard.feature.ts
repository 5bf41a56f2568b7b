import { defineFeature } from '../../core/feature.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';
import { dashboardRouter } from './dashboard.router.ts';
import { dashboardOperations } from './dashboard.rest.ts';

declare module '../../services.ts' {
  interface Services {
    dashboard: DashboardService;
  }
}

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  needs: ['reimbursements'],
  service: (deps, { reimbursements }) => createDashboardService({ ...deps, reimbursements }),
  router: dashboardRouter,
  rest: dashboardOperations,
});
