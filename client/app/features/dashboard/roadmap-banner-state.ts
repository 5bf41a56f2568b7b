/**
 * The roadmap banner's state, read from the SPEC §3 session keys the onboarding wizard writes:
 * `showRoadmapBanner`, `pendingMilestones` (`{childId, childName, created?}`),
 * `roadmapGenerationComplete`, `newMilestonesGenerated` and `roadmapGenerationError`.
 */

export interface RoadmapSessionValues {
  show: boolean | null;
  pending: unknown;
  complete: boolean | null;
  generated: boolean | null;
  error: string | null;
}

export type RoadmapBannerState =
  | { kind: 'hidden' }
  | { kind: 'pending'; childId: number | null; childName: string | null }
  | { kind: 'ready'; childId: number | null; childName: string | null; created: number | null }
  | { kind: 'error'; childId: number | null; childName: string | null; message: string };

/** The session keys the banner clears when it is dismissed. */
export const ROADMAP_KEYS = [
  'showRoadmapBanner',
  'pendingMilestones',
  'newMilestonesGenerated',
  'roadmapGenerationComplete',
  'roadmapGenerationError',
] as const;

function pendingDetails(pending: unknown): { childId: number | null; childName: string | null; created: number | null } {
  const record = typeof pending === 'object' && pending !== null ? (pending as Record<string, unknown>) : {};
  const childId = typeof record.childId === 'number' && Number.isInteger(record.childId) && record.childId > 0 ? record.childId : null;
  const childName = typeof record.childName === 'string' && record.childName.trim() !== '' ? record.childName.trim() : null;
  const created = typeof record.created === 'number' && Number.isInteger(record.created) && record.created >= 0 ? record.created : null;
  return { childId, childName, created };
}

export function roadmapBannerState(values: RoadmapSessionValues): RoadmapBannerState {
  if (values.show !== true) return { kind: 'hidden' };
  const { childId, childName, created } = pendingDetails(values.pending);
  if (values.error !== null) return { kind: 'error', childId, childName, message: values.error };
  if (values.complete === true) return { kind: 'ready', childId, childName, created };
  return { kind: 'pending', childId, childName };
}

/** "Building Maya's roadmap..." */
export function pendingText(childName: string | null): string {
  return childName ? `Building ${childName}’s roadmap...` : 'Building the roadmap...';
}

/** "Your roadmap is ready: 6 milestones". */
export function readyText(created: number | null): string {
  if (created === null) return 'Your roadmap is ready';
  if (created === 0) return 'Your roadmap is ready to fill in: add a grade or plan dates to the profile, or your own milestones';
  return `Your roadmap is ready: ${created} ${created === 1 ? 'milestone' : 'milestones'}`;
}
