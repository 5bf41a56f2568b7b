import { readSession, removeSession, writeSession } from '../../lib/session-storage.ts';

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
