import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiRequest } from '../../lib/api-request.ts';
import { sleep } from '../../lib/sleep.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { TakingLongerNotice, useTakingLonger } from '../components/status-screens.tsx';
import { decidePostAuth, type PostAuthPhase } from '../guards/post-auth-decision.ts';
import { trpc } from '../trpc/trpc.ts';

export const POST_AUTH_TEXTS: Record<PostAuthPhase, string> = {
  checking: 'Checking your account status...',
  'setting-up': 'Setting up your personalized experience...',
};

/** SPEC §2, §4: /post-auth decides where a parent goes after signing in or up. */
export function PostAuthPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [phase, setPhase] = useState<PostAuthPhase>('checking');
  // The screen only ever waits: it leaves as soon as the decision is made.
  const takingLonger = useTakingLonger(true);
  const publicMetadata = user?.publicMetadata ?? null;

  useEffect(() => {
    let active = true;
    void decidePostAuth(
      { status, publicMetadata, location: window.location },
      {
        sleep,
        fetchChildren: () => apiRequest('GET', '/api/children'),
        getProductionHost: async () => (await utils.config.auth.fetch()).productionHost,
        onPhase: (next) => {
          if (active) setPhase(next);
        },
      },
    ).then((destination) => {
      if (active && destination) navigate(destination, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [status, publicMetadata, navigate, utils]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 p-6">
      <div className="grid max-w-md justify-items-center gap-4 rounded-2xl border border-ink/10 bg-white p-10 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">Welcome to Trelli</h1>
        <Spinner size="large" label={POST_AUTH_TEXTS[phase]} showLabel />
        <TakingLongerNotice show={takingLonger} />
      </div>
    </main>
  );
}
