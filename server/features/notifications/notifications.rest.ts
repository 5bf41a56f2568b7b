import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '#shared/schemas/notifications.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  NotificationSettings: notificationSettingsSchema,
  NotificationSettingsUpdate: notificationSettingsUpdateSchema,
});

/** The signed-in person's email choices: the weekly digest and the milestone reminders (decision 0062). */
export function notificationsOperations(services: Services): RestOperation[] {
  const { notifications } = services;
  return [
    operation({
      operationId: 'getNotificationSettings',
      method: 'get',
      path: '/api/notifications',
      tag: 'Accounts',
      summary: 'Your email choices: the weekly digest and the reminders before milestones',
      description:
        'Until you change them: the digest off, each reminder (30, 7 and 1 days before) on. `mailConfigured` is false when this server sends no mail at all.',
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Your choices', body: bodies.NotificationSettings }],
      handle: ({ userId }) => notifications.get(userId),
    }),
    operation({
      operationId: 'updateNotificationSettings',
      method: 'put',
      path: '/api/notifications',
      tag: 'Accounts',
      summary: 'Change some of your email choices',
      description: 'Send the choices to change (at least one); the others stay as they are. Answers all of them.',
      security: 'bearer',
      child: false,
      body: bodies.NotificationSettingsUpdate,
      errors: { 413: 'The body is over 1 MB' },
      success: [{ status: 200, description: 'Your choices, saved', body: bodies.NotificationSettings }],
      handle: ({ userId, body }) => notifications.update(userId, body),
    }),
  ];
}
