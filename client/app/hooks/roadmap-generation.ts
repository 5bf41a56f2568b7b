import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshAfter } from '../../lib/refresh-map.ts';
import { readSession, removeSession, writeSession } from '../../lib/session-storage.ts';
import { trpc } from '../trpc/trpc.ts';

/**
 * What `pendingMilestones` holds (SPEC §3 leaves the shape open): whose roadmap is being built and,
 * once it is, how many milestones were created. The dashboard's banner reads it.
 */
export interface PendingRoadmap {
  childId: number;
  childName: string;
  created?: number;
}

export const ROADMAP_ERROR_FALLBACK = 'The roadmap could not be built just now.';

/**
 * Starts building a new child's roadmap and records its progress in the SPEC §3 session keys:
 * `pendingMilestones` and `showRoadmapBanner` at once; then `newMilestonesGenerated` and
 * `roadmapGenerationComplete`, or `roadmapGenerationError`. Never throws. `generate` must name the
 * child explicitly: the selection may still be moving to it.
 */
export async function runRoadmapGeneration(
  generate: (childId: number) => Promise<{ created: number }>,
  child: { id: number; firstName: string },
): Promise<void> {
  const pending: PendingRoadmap = { childId: child.id, childName: child.firstName };
  removeSession('roadmapGenerationComplete');
  removeSession('roadmapGenerationError');
  removeSession('newMilestonesGenerated');
  writeSession('pendingMilestones', pending);
  writeSession('showRoadmapBanner', true);
  try {
    const result = await generate(child.id);
    // The banner may have been dismissed meanwhile; then there is nothing left to report to.
    if (readSession('showRoadmapBanner') !== true) return;
    writeSession('pendingMilestones', { ...pending, created: result.created });
    writeSession('newMilestonesGenerated', true);
    writeSession('roadmapGenerationComplete', true);
  } catch (error) {
    if (readSession('showRoadmapBanner') !== true) return;
    writeSession('roadmapGenerationError', error instanceof Error && error.message ? error.message : ROADMAP_ERROR_FALLBACK);
  }
}

/**
 * `runRoadmapGeneration` through the vanilla client, then the refresh map's `milestones.generate`:
 * the call outlives the screen that starts it (onboarding unmounts as the new child is selected), so
 * no mutation hook is there to refresh what it changed. Returns a stable `start(child)`.
 */
export function useStartRoadmapGeneration(): (child: { id: number; firstName: string }) => Promise<void> {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useCallback(
    (child) =>
      runRoadmapGeneration(async (childId) => {
        const result = await utils.client.milestones.generate.mutate({ childId });
        refreshAfter(queryClient, 'milestones.generate');
        return result;
      }, child),
    [utils, queryClient],
  );
}
