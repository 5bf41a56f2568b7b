import { z } from 'zod';

/**
 * What a person may do with a child, least first: a viewer reads; an updater also adds and changes
 * records (never deletes them, never shares); an owner does everything, inviting and deleting included.
 */
export const CHILD_ROLES = ['viewer', 'updater', 'owner'] as const;
export type ChildRole = (typeof CHILD_ROLES)[number];
export const childRoleSchema = z.enum(CHILD_ROLES);

/** True when `role` allows what `needed` allows. */
export function roleAllows(role: ChildRole, needed: ChildRole): boolean {
  return CHILD_ROLES.indexOf(role) >= CHILD_ROLES.indexOf(needed);
}
