import type { ChildRole } from '#shared/schemas/roles.ts';

/** The words for each role, in Settings and on an invitation. */
export const ROLE_LABELS: Record<ChildRole, { name: string; can: string }> = {
  viewer: { name: 'Viewer', can: 'Reads the record. Cannot change anything.' },
  updater: {
    name: 'Updater',
    can: 'Adds observations and progress, edits records and replaces a document\u2019s file (the old one is kept). Cannot delete or share.',
  },
  owner: { name: 'Owner', can: 'Everything, including inviting people, removing them and deleting.' },
};
