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

/** One thing a person does with a child's record, named `<feature>.<action>`, with the least role it needs. */
export interface ChildAction<Role extends ChildRole = ChildRole> {
  readonly name: string;
  readonly role: Role;
}

/** A feature's table as written: each action, named for what the person does, and its least role. */
export type ActionRoles = Record<string, ChildRole>;

/**
 * A feature's actions, declared once (decision 0094): `childProcedure`, a REST operation's `child` and
 * the app's `RoleGate` each take an action from the table, so the three cannot name different roles.
 */
export function defineChildActions<const Feature extends string, const Table extends ActionRoles>(
  feature: Feature,
  table: Table,
): { readonly [Action in keyof Table & string]: ChildAction<Table[Action]> & { readonly name: `${Feature}.${Action}` } } {
  return Object.fromEntries(Object.entries(table).map(([action, role]) => [action, { name: `${feature}.${action}`, role }])) as never;
}

/** True when a person with `role` (none: no access) may do `action`: `roleAllows` against the action's role. */
export function mayDo(role: ChildRole | null, action: ChildAction): boolean {
  return role !== null && roleAllows(role, action.role);
}
