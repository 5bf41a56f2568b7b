import type { MILESTONE_CATEGORIES, MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';

type Category = (typeof MILESTONE_CATEGORIES)[number];
type Status = (typeof MILESTONE_STATUSES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  'plan-review': 'Plan review',
  evaluation: 'Evaluation',
  'progress-report': 'Progress report',
  transition: 'Transition',
  'school-year': 'School year',
  goal: 'Goal',
  reimbursement: 'Reimbursement deadline',
};

export const STATUS_LABELS: Record<Status, string> = {
  upcoming: 'Upcoming',
  'in-progress': 'In progress',
  done: 'Done',
  skipped: 'Skipped',
};

/** What the toast says after a status change. */
export const STATUS_TOASTS: Record<Status, string> = {
  upcoming: 'Moved back to upcoming',
  'in-progress': 'Marked as in progress',
  done: 'Marked done. Nice work.',
  skipped: 'Skipped',
};
