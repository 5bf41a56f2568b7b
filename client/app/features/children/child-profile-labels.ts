import type { ChildRole } from '#shared/schemas/roles.ts';

/** Who a person is to the child, as Settings and the snapshots name them. */
export { PERSON_ROLE_LABELS } from '#shared/record-labels.ts';

/** What a person may do with a child shared with them, said once on its card in Settings. */
export const SHARED_ROLE_NOTES: Record<ChildRole, string> = {
  viewer: 'Shared with you to view.',
  updater: 'Shared with you to view, add and change. Only an owner can delete.',
  owner: 'Shared with you as an owner.',
};

export const MEDICATIONS_EMPTY_TEXT = 'No medications noted. Add what your child takes, with the dose and when.';
export const PEOPLE_EMPTY_TEXT = 'No one noted yet. Add the teachers, therapists and doctors you talk to, with how to reach them.';
