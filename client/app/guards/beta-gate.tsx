import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { apiRequest } from '../../lib/api-request.ts';
import { betaAccessPath, loadPage } from '../../lib/paths.ts';
import { BETA_ACCESS_GRANTED, readSession, writeSession } from '../../lib/session-storage.ts';
import { sleep } from '../../lib/sleep.ts';
import { metadataFlag, useAuth } from '../auth/auth-context.tsx';
import { LoadingScreen, VERIFYING_ACCESS_TEXT } from '../components/status-screens.tsx';
import { decideBetaAccess, type BetaGateResult } from './beta-gate-decision.ts';

function hasBetaAccessFlag(): boolean {
  return readSession('betaAccess') === BETA_ACCESS_GRANTED;
}

/**
 * The second protection layer (SPEC §4). While deciding it shows "Verifying access..."; a new user
 * goes to the public /beta-access page (a full page load) with `from` set to this screen, and that
 * page sets beta-access=granted and comes back. Once through, the session flag is set and
 * `hasUsedApp: true` is recorded in the user's unsafeMetadata, so later visits pass at once.
 */
export function BetaGate({ children }: { children: ReactNode }) {
  const { user, updateUnsafeMetadata } = useAuth();
  const { pathname, search } = useLocation();
  const [result, setResult] = useState<BetaGateResult | null>(() => (hasBetaAccessFlag() ? 'granted' : null));
  const recordedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!user || result !== null) return;
    let active = true;
    void decideBetaAccess(user, {
      now: Date.now,
      sleep,
      hasBetaAccessFlag,
      fetchChildren: () => apiRequest('GET', '/api/children'),
    }).then((decided) => {
      if (active) setResult(decided);
    });
    return () => {
      active = false;
    };
  }, [user, result]);

  useEffect(() => {
    if (result === 'new-user') {
      loadPage(betaAccessPath(pathname + search));
      return;
    }
    if (result !== 'granted' || !user) return;
    if (!hasBetaAccessFlag()) writeSession('betaAccess', BETA_ACCESS_GRANTED);
    if (recordedFor.current !== user.id && !metadataFlag(user.unsafeMetadata, 'hasUsedApp')) {
      recordedFor.current = user.id;
      updateUnsafeMetadata({ hasUsedApp: true }).catch((error: unknown) => {
        console.warn('Could not record hasUsedApp', error instanceof Error ? error.message : error);
      });
    }
  }, [result, user, pathname, search, updateUnsafeMetadata]);

  if (result !== 'granted') return <LoadingScreen page text={VERIFYING_ACCESS_TEXT} />;
  return children;
}
