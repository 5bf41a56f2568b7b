import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { inviteTokenSchema } from '#shared/schemas/caregivers.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/dates.ts';
import { PATHS } from '../../lib/paths.ts';
import { readSession, removeSession, writeSession } from '../../lib/session-storage.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useChildContext } from '../child-context.tsx';
import { ROLE_LABELS } from '../features/caregivers/caregiver-labels.ts';
import { useAcceptInvite, useInvitePreview } from '../features/caregivers/use-caregivers.ts';

/**
 * The token of the invitation being opened: from the link's `#` part, kept in session storage for the way
 * back from sign-in or sign-up, and taken out of the address bar (it is a secret).
 */
function useInviteToken(): string | null {
  const [token] = useState<string | null>(() => {
    const fromLink = window.location.hash.slice(1);
    if (inviteTokenSchema.safeParse(fromLink).success) {
      writeSession('pendingInvite', fromLink);
      return fromLink;
    }
    return readSession('pendingInvite');
  });
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 p-4 sm:p-6">
      <div className="grid w-full max-w-lg gap-4 rounded-2xl border border-ink/10 bg-white p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Opening an invitation link: sign in or sign up first, then see what it offers and accept it. */
export default function InvitePage() {
  const { status } = useAuth();
  const token = useInviteToken();
  if (token === null) {
    return (
      <Frame title="This invitation link is not complete">
        <p className="text-ink-muted">Open the link from the invitation again, or copy all of it into the address bar.</p>
        <Link to={PATHS.dashboard} className={buttonClasses({ variant: 'outline' })}>
          Go to Dashboard
        </Link>
      </Frame>
    );
  }
  if (status === 'loading') {
    return (
      <Frame title="Opening your invitation">
        <Spinner size="large" />
      </Frame>
    );
  }
  if (status === 'signed-out') {
    const back = `?redirect_url=${encodeURIComponent(PATHS.invite)}`;
    return (
      <Frame title="You're invited to a child's record on Trelli">
        <p className="text-ink-muted">
          Sign in, or create a free account, to see the invitation and accept it. You will come straight back here.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={`${PATHS.signIn}${back}`} className={buttonClasses()}>
            Sign in
          </Link>
          <Link to={`${PATHS.signUp}${back}`} className={buttonClasses({ variant: 'outline' })}>
            Create an account
          </Link>
        </div>
      </Frame>
    );
  }
  return <InviteOffer token={token} />;
}

function InviteOffer({ token }: { token: string }) {
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite();
  const { selectChild, refetch } = useChildContext();
  const navigate = useNavigate();

  if (preview.isPending) {
    return (
      <Frame title="Opening your invitation">
        <Spinner size="large" />
      </Frame>
    );
  }
  if (preview.isError && preview.error.data?.code === 'CONFLICT') {
    return (
      <Frame title="This invitation was already accepted">
        <p className="text-ink">{preview.error.message}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={PATHS.dashboard} className={buttonClasses()} onClick={() => removeSession('pendingInvite')}>
            Open Trelli
          </Link>
        </div>
      </Frame>
    );
  }
  if (preview.isError) {
    const gone = preview.error.data?.code === 'NOT_FOUND';
    return (
      <Frame title={gone ? 'This invitation cannot be used' : 'We could not open the invitation'}>
        <p className="text-ink">{gone ? preview.error.message : 'Please check your connection and try again.'}</p>
        <div className="flex flex-wrap gap-3">
          {gone ? null : <Button onClick={() => void preview.refetch()}>Try again</Button>}
          <Link to={PATHS.dashboard} className={buttonClasses({ variant: 'outline' })} onClick={() => removeSession('pendingInvite')}>
            Go to Dashboard
          </Link>
        </div>
      </Frame>
    );
  }

  const { role, invitedBy, childFirstNames, expiresAt } = preview.data;
  const names = childFirstNames.join(' and ');
  async function acceptIt() {
    const accepted = await accept.mutateAsync({ token });
    removeSession('pendingInvite');
    refetch();
    const first = accepted.childIds[0];
    if (first !== undefined) selectChild(first);
    await navigate(PATHS.dashboard, { replace: true });
  }

  return (
    <Frame title={`Join ${names}'s record`}>
      <p className="text-ink">
        {invitedBy.name ?? invitedBy.email ?? 'A parent'} invited you as <strong>{ROLE_LABELS[role].name.toLowerCase()}</strong>.{' '}
        {ROLE_LABELS[role].can}
      </p>
      <p className="text-sm text-ink-muted">The invitation works once and expires on {formatDate(expiresAt)}.</p>
      {accept.isError ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {accept.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button loading={accept.isPending} onClick={() => void acceptIt().catch(() => undefined)}>
          Accept invitation
        </Button>
        <Link to={PATHS.dashboard} className={buttonClasses({ variant: 'outline' })}>
          Not now
        </Link>
      </div>
    </Frame>
  );
}
