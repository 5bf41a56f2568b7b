import { useToast } from '../../../components/ui/toast.tsx';
import { useAuth } from '../../auth/auth-context.tsx';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/** "1 other device", "2 other devices". */
export function otherDevices(count: number): string {
  return `${count} other ${count === 1 ? 'device' : 'devices'}`;
}

/**
 * The built-in account's changes. Each reloads the app's user (name, email) on success and says so in
 * a toast; a refusal with field issues is left to the form, anything else is a toast.
 */
export function useAccountChanges() {
  const { refreshUser } = useAuth();
  const { toast } = useToast();
  const onFailure = useFailureToast();
  const reload = () => refreshUser().catch(() => undefined);

  const updateName = trpc.accounts.updateName.useMutation({
    onSuccess: async (user) => {
      await reload();
      toast({ title: user.fullName ? 'Name saved' : 'Name removed', variant: 'success' });
    },
    onError: onFailure('Your name was not saved', 'Check your connection and try again.'),
  });
  const changeEmail = trpc.accounts.changeEmail.useMutation({
    onSuccess: async (user) => {
      await reload();
      toast({
        title: 'Email changed',
        description: `Sign in with ${user.emailAddresses[0]?.emailAddress ?? 'it'} from now on.`,
        variant: 'success',
      });
    },
    onError: onFailure('Your email was not changed', 'Check your connection and try again.'),
  });
  const changePassword = trpc.accounts.changePassword.useMutation({
    onSuccess: ({ revoked }) =>
      toast({
        title: 'Password changed',
        description: revoked > 0 ? `${otherDevices(revoked)} signed out; sign in there with the new password.` : undefined,
        variant: 'success',
      }),
    onError: onFailure('Your password was not changed', 'Check your connection and try again.'),
  });
  const signOutOthers = trpc.accounts.signOutOtherSessions.useMutation({
    onSuccess: ({ revoked }) =>
      toast({
        title: revoked > 0 ? `Signed out of ${otherDevices(revoked)}` : 'No other device was signed in',
        description: revoked > 0 ? 'This device stays signed in.' : undefined,
        variant: 'success',
      }),
    onError: onFailure('The other devices were not signed out', 'Check your connection and try again.'),
  });
  return { updateName, changeEmail, changePassword, signOutOthers };
}
