import { defineFeature } from '../../core/feature.ts';
import { notificationsJobs } from './notifications.jobs.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';
import { notificationsRouter } from './notifications.router.ts';
import { notificationsOperations } from './notifications.rest.ts';
import { notificationsAccountData } from './notifications.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    /** Each person's email choices, the milestone reminders and the weekly digest (background jobs). */
    notifications: NotificationsService;
  }
}

export const notificationsFeature = defineFeature({
  name: 'notifications',
  service: createNotificationsService,
  router: notificationsRouter,
  rest: notificationsOperations,
  accountData: notificationsAccountData,
  jobs: (services, deps) => notificationsJobs({ notifications: services.notifications, log: deps.log }),
});
