import { useId, useState } from 'react';
import type { Caregiver, Invite } from '#shared/schemas/caregivers.ts';
import type { Child } from '#shared/schemas/child.ts';
import { CHILD_ROLES, type ChildRole } from '#shared/schemas/roles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { AuditLog } from './audit-log.tsx';
import { ROLE_LABELS } from './caregiver-labels.ts';
import { useCaregivers, useChangeRole, useRemoveCaregiver, useRevokeInvite } from './use-caregivers.ts';

/** One child the person owns: who has access, the invitations still open, and the audit log. */
export function ChildAccess({ child }: { child: Child }) {
  const headingId = useId();
  const list = useCaregivers(child.id);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-ink/10 p-4 sm:p-5">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {child.firstName}
      </h3>
      {list.isPending ? (
        <p className="flex items-center gap-2 text-ink-muted">
          <Spinner size="small" /> Loading who has access…
        </p>
      ) : list.isError ? (
        <LoadFailed message="We could not load who has access just now." onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ul className="grid gap-3" aria-label={`People with access to ${child.firstName}`}>
            {list.data.caregivers.map((caregiver) => (
              <CaregiverRow key={caregiver.id} childId={child.id} childName={child.firstName} caregiver={caregiver} />
            ))}
          </ul>
          {list.data.invites.length > 0 ? (
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold text-ink">Invitations not yet accepted</h4>
              <ul className="grid gap-2">
                {list.data.invites.map((invite) => (
                  <InviteRow key={invite.id} childId={child.id} invite={invite} />
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
      <AuditLog childId={child.id} childName={child.firstName} />
    </section>
  );
}

function CaregiverRow({ childId, childName, caregiver }: { childId: number; childName: string; caregiver: Caregiver }) {
  const selectId = useId();
  const changeRole = useChangeRole();
  const remove = useRemoveCaregiver();
  const [role, setRole] = useState<ChildRole>(caregiver.role);
  const who = caregiver.name ?? caregiver.email ?? 'Someone signed in with another provider';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-ink/10 pb-3 last:border-b-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {who}
          {caregiver.isYou ? <span className="ml-2 text-sm text-ink-muted">(you)</span> : null}
        </p>
        {caregiver.name && caregiver.email ? <p className="text-sm text-ink-muted">{caregiver.email}</p> : null}
        <p className="text-sm text-ink-muted">
          {caregiver.isAccountHolder
            ? 'Owner · the child belongs to this account'
            : `${ROLE_LABELS[caregiver.role].name} since ${formatDate(caregiver.since)}`}
        </p>
      </div>
      {caregiver.isAccountHolder ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Role of {who}
          </label>
          <select
            id={selectId}
            value={role}
            disabled={changeRole.isPending}
            onChange={(event) => {
              const next = event.target.value as ChildRole;
              setRole(next);
              changeRole.mutate({ childId, id: caregiver.id, data: { role: next } }, { onError: () => setRole(caregiver.role) });
            }}
            className="rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink"
          >
            {CHILD_ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_LABELS[choice].name}
              </option>
            ))}
          </select>
          <ConfirmDelete
            label="Remove"
            confirmLabel="Remove"
            accessibleName={`Remove ${who}`}
            question={`Remove ${who}'s access to ${childName}?`}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync({ childId, id: caregiver.id })}
          />
        </div>
      )}
    </li>
  );
}

function InviteRow({ childId, invite }: { childId: number; invite: Invite }) {
  const revoke = useRevokeInvite();
  const expired = invite.state === 'expired';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-3 py-2">
      <p className="min-w-0 text-sm text-ink">
        <span className="font-medium">{invite.email}</span> · {ROLE_LABELS[invite.role].name} ·{' '}
        {expired ? 'expired' : `expires ${formatDate(invite.expiresAt)}`}
      </p>
      <ConfirmDelete
        label="Cancel invitation"
        confirmLabel="Cancel invitation"
        accessibleName={`Cancel invitation for ${invite.email}`}
        question={`Cancel the invitation for ${invite.email}?`}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutateAsync({ childId, id: invite.id })}
      />
    </li>
  );
}
