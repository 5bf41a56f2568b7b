import { AUDIT_LIMITS } from '#shared/schemas/caregivers.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * Caregivers' calls (decision 0044). The child is always named: Settings shows several children at
 * once, so nothing relies on the selected one. What each change refreshes is the refresh map's business.
 */

export function useCaregivers(childId: number) {
  return trpc.caregivers.list.useQuery({ childId });
}

export function useAuditLog(childId: number, enabled: boolean) {
  return trpc.caregivers.audit.useInfiniteQuery(
    { childId, limit: AUDIT_LIMITS.defaultPageSize },
    {
      enabled,
      getNextPageParam: (page) => (page.length === AUDIT_LIMITS.defaultPageSize ? page.at(-1)?.id : undefined),
    },
  );
}

/**
 * False when the server has no APP_ORIGIN (`config.auth.productionHost` is its host), so it emails no
 * invitation (decision 0073); undefined until known.
 */
export function useInvitesEmailable(): boolean | undefined {
  const config = trpc.config.auth.useQuery();
  return config.data ? config.data.productionHost !== null : undefined;
}

export function useInvite() {
  return trpc.caregivers.invite.useMutation();
}

/** A failure is the caller's to say (beside the select as well as in a toast: useSaveError). */
export function useChangeRole() {
  const { toast } = useToast();
  return trpc.caregivers.changeRole.useMutation({
    onSuccess: () => toast({ title: 'Role changed', variant: 'success' }),
  });
}

export function useRemoveCaregiver() {
  const { toast } = useToast();
  return trpc.caregivers.remove.useMutation({
    onSuccess: () => toast({ title: 'Access removed', description: 'It ends with their next step in Trelli.' }),
    onError: (error) => toast({ title: 'We could not remove them', description: error.message, variant: 'destructive' }),
  });
}

export function useRevokeInvite() {
  const { toast } = useToast();
  return trpc.caregivers.revokeInvite.useMutation({
    onSuccess: () => toast({ title: 'Invitation cancelled', description: 'The link no longer works for this child.' }),
    onError: (error) => toast({ title: 'We could not cancel the invitation', description: error.message, variant: 'destructive' }),
  });
}

export function useLeaveChild() {
  const { toast } = useToast();
  return trpc.caregivers.leave.useMutation({
    onSuccess: () => toast({ title: 'You left this child\u2019s record' }),
    onError: (error) => toast({ title: 'We could not do that', description: error.message, variant: 'destructive' }),
  });
}

export function useInvitePreview(token: string | null) {
  return trpc.caregivers.preview.useQuery({ token: token ?? '' }, { enabled: token !== null, retry: false });
}

export function useAcceptInvite() {
  return trpc.caregivers.accept.useMutation();
}
