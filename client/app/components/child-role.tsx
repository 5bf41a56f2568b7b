import { createContext, useContext, type ReactNode } from 'react';
import { mayDo, type ChildAction } from '#shared/schemas/roles.ts';
import { useChildAccess, useChildContext } from '../child-context.tsx';

/** An action a control starts: one a viewer cannot do (a viewer's actions need no gate). */
export type GatedAction = ChildAction<'updater' | 'owner'>;

export interface RoleGateProps {
  /**
   * What the control does, from its feature's table in shared/schemas (`goalActions.create`), the same
   * action the server's procedure takes; several when the control starts each of them.
   */
  action: GatedAction | readonly GatedAction[];
  /** What a person with less shows instead: a plainer sentence, the value as text. Nothing by default. */
  otherwise?: ReactNode;
  children: ReactNode;
}

/**
 * The one way a screen leaves out what the person's role on the selected child does not allow
 * (decision 0060): the control is not there at all, rather than there and refused. The server checks
 * the role on every call anyway; this only keeps a screen from offering what it would refuse.
 */
export function RoleGate({ action, otherwise = null, children }: RoleGateProps): ReactNode {
  const { role } = useChildAccess();
  if (useContext(ReadOnly)) return otherwise;
  const actions: readonly GatedAction[] = Array.isArray(action) ? action : [action];
  return actions.every((each) => mayDo(role, each)) ? children : otherwise;
}

const ReadOnly = createContext(false);

/**
 * Records shown in a list across every child (decision 0098): each RoleGate below shows what a viewer
 * sees, whatever the person's role, since they may be another child's records than the selected one.
 * They are changed in that child's own view.
 */
export function ReadOnlyRecords({ children }: { children: ReactNode }) {
  return <ReadOnly.Provider value={true}>{children}</ReadOnly.Provider>;
}

/** What a viewer reads once on each screen of the child's record, near its title. */
export function viewOnlyText(firstName: string): string {
  return `You can view ${firstName}’s record but not change it. An owner can give you more access.`;
}

/** For a viewer only: a calm line saying why there is nothing to add, edit or delete here. */
export function ViewOnlyNote() {
  const { selectedChild } = useChildContext();
  if (selectedChild?.role !== 'viewer') return null;
  return (
    <p className="max-w-2xl rounded-xl border border-brand-300 bg-brand-50 px-4 py-3 text-ink">{viewOnlyText(selectedChild.firstName)}</p>
  );
}
