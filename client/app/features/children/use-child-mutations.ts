import { useToast } from '../../../components/ui/toast.tsx';
import { childDisplayName } from '../../../lib/child-labels.ts';
import { useChildContext } from '../../child-context.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The children feature's calls. Each mutation updates the child context's cache (SPEC §4) and says
 * what happened in a toast; screens only call these.
 */
export function useCreateChild({ announce = true }: { announce?: boolean } = {}) {
  const { childCreated } = useChildContext();
  const { toast } = useToast();
  return trpc.children.create.useMutation({
    onSuccess: (child) => {
      childCreated(child);
      // Onboarding announces on the dashboard instead (`showSuccessToast`), so only one toast shows.
      if (announce)
        toast({ title: `${childDisplayName(child)} has been added`, description: 'Their profile is ready.', variant: 'success' });
    },
  });
}

export function useUpdateChild() {
  const { childUpdated } = useChildContext();
  const { toast } = useToast();
  return trpc.children.update.useMutation({
    onSuccess: (child) => {
      childUpdated(child);
      toast({ title: 'Profile saved', variant: 'success' });
    },
  });
}

/** Deleting a child: SPEC §4's after-delete rule moves the selection (the child context's `childDeleted`). */
export function useDeleteChild() {
  const { childDeleted } = useChildContext();
  const { toast } = useToast();
  return trpc.children.delete.useMutation({
    onSuccess: ({ id, exportsWithdrawn }) => {
      childDeleted(id);
      toast({
        title: 'Profile deleted',
        description:
          exportsWithdrawn > 0
            ? 'Everything recorded for this child is gone, and your earlier data export was withdrawn: start a new one in Settings.'
            : 'Everything recorded for this child is gone.',
      });
    },
  });
}
