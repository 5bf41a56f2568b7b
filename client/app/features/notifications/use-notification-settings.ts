import type { NotificationChoices } from '#shared/schemas/notifications.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

export function useNotificationSettings() {
  return trpc.notifications.get.useQuery();
}

/**
 * Saves one choice as soon as it is switched: the switch moves at once (the cached settings change
 * before the answer), and moves back with a toast if the save fails. Offline, the save waits for the
 * connection (react-query's networkMode "online") and the switch keeps its new place meanwhile.
 */
export function useSaveNotificationChoice() {
  const utils = trpc.useUtils();
  const onFailure = useFailureToast();
  return trpc.notifications.update.useMutation({
    onMutate: async (change: Partial<NotificationChoices>) => {
      await utils.notifications.get.cancel();
      const before = utils.notifications.get.getData();
      utils.notifications.get.setData(undefined, (settings) => (settings ? { ...settings, ...change } : settings));
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) utils.notifications.get.setData(undefined, context.before);
      onFailure('Your choice was not saved')(error);
    },
  });
}
