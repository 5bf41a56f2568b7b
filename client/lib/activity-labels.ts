import type { ActivityAction } from '#shared/schemas/activity.ts';

/**
 * What each recorded action is called on screen: the dashboard's feed and a child's audit log. Typed by
 * the shared list, so a new action does not compile until it has words here.
 */
const ACTIVITY_LABELS: Record<ActivityAction, string> = {
  'observation.created': 'Observation logged',
  'observation.updated': 'Observation edited',
  'observation.deleted': 'Observation removed',
  'progress.recorded': 'Progress recorded',
  'progress.updated': 'Progress entry edited',
  'progress.deleted': 'Progress entry removed',
  'goal.created': 'Goal added',
  'goal.updated': 'Goal updated',
  'goal.deleted': 'Goal removed',
  'strategy.created': 'Strategy added',
  'strategy.updated': 'Strategy updated',
  'strategy.deleted': 'Strategy removed',
  'milestone.created': 'Milestone added',
  'milestone.updated': 'Milestone updated',
  'milestone.done': 'Milestone completed',
  'milestone.skipped': 'Milestone skipped',
  'milestone.in-progress': 'Milestone started',
  'milestone.upcoming': 'Milestone reopened',
  'milestone.deleted': 'Milestone removed',
  'roadmap.generated': 'Roadmap built',
  'document.added': 'Document added',
  'document.updated': 'Document details edited',
  'document.replaced': 'Document file replaced',
  'document.deleted': 'Document removed',
  'medication.added': 'Medication added',
  'medication.updated': 'Medication updated',
  'medication.removed': 'Medication removed',
  'person.added': 'Person added',
  'person.updated': 'Person updated',
  'person.removed': 'Person removed',
  'child.created': 'Profile created',
  'child.updated': 'Profile updated',
  'child.viewed': 'Record viewed',
  'caregiver.invited': 'Invitation sent',
  'caregiver.joined': 'Invitation accepted',
  'caregiver.role-changed': 'Role changed',
  'caregiver.removed': 'Access removed',
  'caregiver.left': 'Left the child\u2019s record',
  'invite.revoked': 'Invitation cancelled',
  'account.exported': 'All data exported',
  'link.opened': 'Shared link opened',
};

/** "observation.created" -> "Observation logged". */
export function activityLabel(action: ActivityAction): string {
  return ACTIVITY_LABELS[action];
}
