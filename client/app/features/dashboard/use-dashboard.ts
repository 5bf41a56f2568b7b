import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { readSession, removeSession, subscribeSession } from '../../../lib/session-storage.ts';
import { useStartRoadmapGeneration } from '../../hooks/roadmap-generation.ts';
import { trpc } from '../../trpc/trpc.ts';
import { ROADMAP_KEYS, roadmapBannerState, type RoadmapBannerState } from './roadmap-banner-state.ts';

/** How many recent activities the feed shows. */
export const FEED_LIMIT = 8;

/** The selected child's stats, in one call (the server answers them with one query). */
export function useDashboardStats() {
  return trpc.dashboard.stats.useQuery();
}

/** Every child's active goals with their latest progress, each naming its child (decision 0098). */
export function useEveryChildProgress() {
  return trpc.everyChild.progress.useQuery();
}

/** The selected child's most recent changes. */
export function useRecentActivity() {
  return trpc.activities.list.useQuery({ limit: FEED_LIMIT });
}

/** A string snapshot of the roadmap keys: stable while nothing changes (useSyncExternalStore needs that). */
function roadmapSnapshot(): string {
  return JSON.stringify({
    show: readSession('showRoadmapBanner'),
    pending: readSession('pendingMilestones'),
    complete: readSession('roadmapGenerationComplete'),
    generated: readSession('newMilestonesGenerated'),
    error: readSession('roadmapGenerationError'),
  });
}

const HIDDEN = JSON.stringify({ show: null, pending: null, complete: null, generated: null, error: null });

/**
 * The roadmap banner: its state from the session keys (updated live as the generation started by
 * onboarding finishes), `dismiss` clearing the keys, and `retry` building the roadmap again for the
 * child it was started for.
 */
export function useRoadmapBanner(): { state: RoadmapBannerState; dismiss(): void; retry(): void } {
  const snapshot = useSyncExternalStore(subscribeSession, roadmapSnapshot, () => HIDDEN);
  const state = useMemo(() => roadmapBannerState(JSON.parse(snapshot) as Parameters<typeof roadmapBannerState>[0]), [snapshot]);
  const startRoadmapGeneration = useStartRoadmapGeneration();

  const dismiss = useCallback(() => {
    for (const key of ROADMAP_KEYS) removeSession(key);
  }, []);

  const retry = useCallback(() => {
    if (state.kind === 'hidden' || state.childId === null) return;
    // An explicit childId: the roadmap belongs to the child it was started for, whoever is selected now.
    void startRoadmapGeneration({ id: state.childId, firstName: state.childName ?? 'your child' });
  }, [startRoadmapGeneration, state]);

  return { state, dismiss, retry };
}

/** SPEC §3 `showSuccessToast`: shown once when the dashboard opens, then cleared. */
export function useArrivalToast() {
  const { toast } = useToast();
  useEffect(() => {
    const message = readSession('showSuccessToast');
    if (message === null) return;
    removeSession('showSuccessToast');
    toast({ title: message, description: 'Their dashboard is ready.', variant: 'success' });
  }, [toast]);
}
