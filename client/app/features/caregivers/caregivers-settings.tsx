import type { Child } from '#shared/schemas/child.ts';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { ChildAccess } from './child-access.tsx';
import { ROLE_LABELS } from './caregiver-labels.ts';
import { InviteForm } from './invite-form.tsx';
import { useLeaveChild } from './use-caregivers.ts';

/**
 * Settings: who can see and change each child. Owners invite, change roles and remove people; a child
 * shared with the person can be left. `family` is the person's children list (the child context's).
 */
export function CaregiversSettings({ family, onLeft }: { family: Child[]; onLeft: (childId: number) => void }) {
  const owned = family.filter((child) => child.role === 'owner');
  const shared = family.filter((child) => child.sharedWithYou);
  const leave = useLeaveChild();
  return (
    <SettingsSection
      title="Family and caregivers"
      description={
        <>
          Share a child&apos;s record with a co-parent, a grandparent, a babysitter or an advocate, each with a role. Removing someone takes
          effect straight away.
        </>
      }
    >
      {family.length === 0 ? <p className="text-ink-muted">Add a child first; then you can invite people to their record.</p> : null}
      {owned.length > 0 ? (
        <>
          <InviteForm ownedChildren={owned} />
          {owned.map((child) => (
            <ChildAccess key={child.id} child={child} />
          ))}
        </>
      ) : null}
      {shared.length > 0 ? (
        <div className="grid gap-3">
          <h3 className="text-lg font-semibold text-ink">Shared with you</h3>
          <ul className="grid gap-3">
            {shared.map((child) => (
              <li key={child.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink/10 p-4">
                <p className="text-ink">
                  <span className="font-medium">{child.firstName}</span>
                  <span className="text-ink-muted"> · you are {ROLE_LABELS[child.role].name.toLowerCase()}</span>
                </p>
                <ConfirmDelete
                  label="Leave"
                  confirmLabel="Leave"
                  accessibleName={`Leave ${child.firstName}'s record`}
                  question={`Leave ${child.firstName}'s record? You will need a new invitation to come back.`}
                  pending={leave.isPending}
                  onConfirm={() => leave.mutateAsync({ childId: child.id }).then(() => onLeft(child.id))}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </SettingsSection>
  );
}
