import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The child's medications and people, for one child named by id (Settings shows every child, not
 * only the selected one). Each mutation says what happened; what it refreshes is the refresh map's
 * business (client/lib/refresh-map.ts).
 */

export function useMedications(childId: number) {
  return trpc.medications.list.useQuery({ childId });
}

export function useSaveMedication() {
  const { toast } = useToast();
  const onSuccess = (medication: { name: string }) =>
    toast({ title: 'Medication saved', description: medication.name, variant: 'success' });
  return { create: trpc.medications.create.useMutation({ onSuccess }), update: trpc.medications.update.useMutation({ onSuccess }) };
}

export function useRemoveMedication() {
  const { toast } = useToast();
  return trpc.medications.delete.useMutation({
    onSuccess: () => toast({ title: 'Medication removed' }),
    onError: () => toast({ title: 'We could not remove this medication', description: 'Please try again.', variant: 'destructive' }),
  });
}

export function usePeople(childId: number, enabled = true) {
  return trpc.people.list.useQuery({ childId }, { enabled });
}

export function useSavePerson() {
  const { toast } = useToast();
  const onSuccess = (person: { name: string }) => toast({ title: 'Saved', description: person.name, variant: 'success' });
  return { create: trpc.people.create.useMutation({ onSuccess }), update: trpc.people.update.useMutation({ onSuccess }) };
}

export function useRemovePerson() {
  const { toast } = useToast();
  return trpc.people.delete.useMutation({
    onSuccess: () => toast({ title: 'Removed from the list' }),
    onError: () => toast({ title: 'We could not remove this person', description: 'Please try again.', variant: 'destructive' }),
  });
}
