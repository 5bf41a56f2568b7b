import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '#shared/schemas/notifications.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';

/** The signed-in person's email choices (their own, whichever children they can see). */
export const notificationsRouter = router({
  get: protectedProcedure.output(notificationSettingsSchema).query(({ ctx }) => ctx.services.notifications.get(ctx.userId)),
  update: protectedProcedure
    .input(notificationSettingsUpdateSchema)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => ctx.services.notifications.update(ctx.userId, input)),
});
