import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHILD_ROLES, type ChildAction, type ChildRole } from '#shared/schemas/roles.ts';

/** A procedure or an operation that works on one child, as it declares itself (decision 0094). */
export interface ChildScopedEntry {
  /** `tRPC goals.create` or `REST POST /api/goals`. */
  label: string;
  side: 'tRPC' | 'REST';
  /** For a procedure: the router it sits in (`goals`), whose table its action must come from. */
  router?: string;
  action?: string;
  role?: ChildRole;
}

const isChildAction = (value: unknown): value is ChildAction =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChildAction).name === 'string' &&
  CHILD_ROLES.includes((value as ChildAction).role);

/** The actions of every table a module exports (an object whose values are all actions), e.g. `goalActions`. */
export function actionsExportedBy(module: Record<string, unknown>): ChildAction[] {
  return Object.values(module).flatMap((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const entries = Object.values(value);
    return entries.length > 0 && entries.every(isChildAction) ? entries : [];
  });
}

/** Every action of every table in shared/schemas: the tables live beside each feature's schemas, in no central list. */
export async function sharedActionTables(): Promise<ChildAction[]> {
  const folder = fileURLToPath(new URL('../../shared/schemas/', import.meta.url));
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
  const modules = await Promise.all(
    files.map((file) => import(/* @vite-ignore */ pathToFileURL(path.join(folder, file)).href) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap(actionsExportedBy);
}

/**
 * What is wrong with how procedures and operations name their actions: one that names none, or an
 * action no table declares, or a role other than its table's; a tRPC procedure and a REST operation
 * doing the same action with different roles; a procedure doing another feature's action; an action
 * in a table that nothing does.
 */
export function actionRoleViolations(actions: readonly ChildAction[], entries: readonly ChildScopedEntry[]): string[] {
  const violations: string[] = [];
  const declared = new Map<string, ChildRole>();
  for (const action of actions) {
    if (declared.has(action.name)) violations.push(`${action.name} is declared by two tables`);
    declared.set(action.name, action.role);
  }
  for (const entry of entries) {
    if (!entry.action) {
      violations.push(`${entry.label} works on a child but names no action`);
      continue;
    }
    const role = declared.get(entry.action);
    if (role === undefined) violations.push(`${entry.label} does ${entry.action}, which no table declares`);
    else if (entry.role !== role)
      violations.push(`${entry.label} needs ${String(entry.role)} but its table says ${entry.action} needs ${role}`);
    if (entry.router && !entry.action.startsWith(`${entry.router}.`)) {
      violations.push(`${entry.label} sits in the ${entry.router} router but does ${entry.action}`);
    }
  }
  const byAction = new Map<string, ChildScopedEntry[]>();
  for (const entry of entries) if (entry.action) byAction.set(entry.action, [...(byAction.get(entry.action) ?? []), entry]);
  for (const [action, doers] of byAction) {
    const trpc = doers.filter((entry) => entry.side === 'tRPC');
    const rest = doers.filter((entry) => entry.side === 'REST');
    for (const procedure of trpc) {
      for (const op of rest) {
        if (procedure.role !== op.role) {
          violations.push(`${action}: ${procedure.label} needs ${String(procedure.role)}, ${op.label} needs ${String(op.role)}`);
        }
      }
    }
  }
  for (const name of declared.keys()) {
    if (!byAction.has(name)) violations.push(`${name} is in its table but no procedure or operation does it`);
  }
  return violations;
}
