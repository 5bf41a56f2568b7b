/**
 * The rule behind "roles declared once" (decision 0094), proved on made-up tables: the authorization
 * matrix runs the same function over the real routers and REST operations.
 */
import { describe, expect, it } from 'vitest';
import { goalActions } from '#shared/schemas/goal.ts';
import { defineChildActions, mayDo } from '#shared/schemas/roles.ts';
import { actionRoleViolations, actionsExportedBy, sharedActionTables, type ChildScopedEntry } from '../../helpers/action-roles.ts';

const probeActions = defineChildActions('probe', { read: 'viewer', change: 'updater', remove: 'owner' });
const actions = Object.values(probeActions);

const procedure = (path: string, action: string | undefined, role: ChildScopedEntry['role']): ChildScopedEntry => ({
  label: `tRPC ${path}`,
  side: 'tRPC',
  router: path.split('.')[0],
  action,
  role,
});
const operation = (route: string, action: string | undefined, role: ChildScopedEntry['role']): ChildScopedEntry => ({
  label: `REST ${route}`,
  side: 'REST',
  action,
  role,
});

/** Every action done once on each side, with its table's role. */
const agreeing = [
  procedure('probe.read', 'probe.read', 'viewer'),
  procedure('probe.change', 'probe.change', 'updater'),
  procedure('probe.remove', 'probe.remove', 'owner'),
  operation('GET /api/probes', 'probe.read', 'viewer'),
  operation('PUT /api/probes/{id}', 'probe.change', 'updater'),
];

describe('a table of actions', () => {
  it('names each action after its feature and keeps its role', () => {
    expect(probeActions.change).toEqual({ name: 'probe.change', role: 'updater' });
    expect(goalActions.deleteProgress).toEqual({ name: 'goals.deleteProgress', role: 'owner' });
  });

  it('answers through roleAllows: a role allows an action when it is at least the action’s role', () => {
    expect(mayDo('updater', probeActions.change)).toBe(true);
    expect(mayDo('owner', probeActions.change)).toBe(true);
    expect(mayDo('viewer', probeActions.change)).toBe(false);
    expect(mayDo(null, probeActions.read)).toBe(false);
  });

  it('is found among a module’s exports, and nothing else is', () => {
    const module = { probeActions, PROBE_LIMITS: { max: 3 }, PROBE_KINDS: ['a'], probeSchema: { name: 'x' }, empty: {} };
    expect(actionsExportedBy(module)).toEqual(actions);
  });

  it('every shared schema’s table is found without a list of them', async () => {
    const names = (await sharedActionTables()).map((action) => action.name);
    expect(names).toEqual(expect.arrayContaining(['children.update', 'goals.create', 'documents.upload', 'caregivers.leave']));
  });
});

describe('actionRoleViolations', () => {
  it('passes procedures and operations that agree with their tables and do every action', () => {
    expect(actionRoleViolations(actions, agreeing)).toEqual([]);
  });

  it('fails a tRPC procedure and a REST operation doing the same action with different roles', () => {
    const violations = actionRoleViolations(actions, [...agreeing, operation('DELETE /api/probes/{id}', 'probe.change', 'owner')]);
    expect(violations).toEqual([
      'REST DELETE /api/probes/{id} needs owner but its table says probe.change needs updater',
      'probe.change: tRPC probe.change needs updater, REST DELETE /api/probes/{id} needs owner',
    ]);
  });

  it('fails a procedure or an operation that works on a child but names no action', () => {
    expect(
      actionRoleViolations(actions, [
        ...agreeing,
        procedure('probe.peek', undefined, 'viewer'),
        operation('GET /api/peek', undefined, 'viewer'),
      ]),
    ).toEqual(['tRPC probe.peek works on a child but names no action', 'REST GET /api/peek works on a child but names no action']);
  });

  it('fails an action in a table that nothing does', () => {
    const readless = agreeing.filter((entry) => entry.action !== 'probe.read');
    expect(actionRoleViolations(actions, readless)).toEqual(['probe.read is in its table but no procedure or operation does it']);
  });

  it('fails an action no table declares, a procedure doing another feature’s action, and a name two tables declare', () => {
    expect(
      actionRoleViolations(
        [...actions, goalActions.create, { name: 'probe.read', role: 'viewer' }],
        [...agreeing, procedure('probe.add', 'goals.create', 'updater'), operation('POST /api/made-up', 'probe.invent', 'owner')],
      ),
    ).toEqual([
      'probe.read is declared by two tables',
      'tRPC probe.add sits in the probe router but does goals.create',
      'REST POST /api/made-up does probe.invent, which no table declares',
    ]);
  });
});
