import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { pendingText, readyText } from './roadmap-banner-state.ts';
import { useRoadmapBanner } from './use-dashboard.ts';

/** After this long still "building", the banner offers to try again (a reload may have cut the call). */
export const SLOW_GENERATION_MS = 20_000;

/** Shown only while the roadmap is being built: after a while, a way to start it again. */
function SlowNotice({ onRetry }: { onRetry(): void }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_GENERATION_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!slow) return null;
  return (
    <>
      <span className="text-ink-muted">This is taking longer than usual.</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/** Shown after onboarding while the new child's roadmap is built, then says it is ready. */
export function RoadmapBanner() {
  const { state, dismiss, retry } = useRoadmapBanner();
  if (state.kind === 'hidden') return null;

  const tone = state.kind === 'error' ? 'border-amber-700 bg-amber-50' : 'border-brand-300 bg-brand-50';
  return (
    <div className={`flex flex-wrap items-center gap-3 rounded-2xl border px-5 py-4 text-ink ${tone}`}>
      <output className="flex min-w-0 flex-1 items-center gap-3">
        {state.kind === 'pending' ? (
          <span
            aria-hidden="true"
            className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-brand-800 border-r-transparent motion-reduce:animate-none"
          />
        ) : null}
        <span className="font-semibold">
          {state.kind === 'pending' ? pendingText(state.childName) : null}
          {state.kind === 'ready' ? readyText(state.created) : null}
          {state.kind === 'error' ? 'We could not build the roadmap just now. Nothing is lost; you can try again.' : null}
        </span>
      </output>
      <div className="flex flex-wrap items-center gap-2">
        {state.kind === 'pending' ? <SlowNotice onRetry={retry} /> : null}
        {state.kind === 'ready' ? (
          <Link to={PATHS.roadmap} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
            See the roadmap
          </Link>
        ) : null}
        {state.kind === 'error' ? (
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
