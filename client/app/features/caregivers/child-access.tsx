import { useEffect, useId, useRef, useState } from 'react';
import type { Caregiver, Invite } from '#shared/schemas/caregivers.ts';
import type { Child } from '#shared/schemas/child.ts';
import { CHILD_ROLES, type ChildRole } from '#shared/schemas/roles.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { httpStatusOf } from '../../../lib/api-request.ts';
import { formatDate } from '../../../lib/dates.ts';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SaveError } from '../../components/save-error.tsx';
import { useSaveError } from '../../hooks/use-save-error.ts';
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
  const remove = useRemoveCaregiver();
  const who = caregiver.name ?? caregiver.email ?? 'Someone signed in with another provider';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-ink/10 pb-3 last:border-b-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-ink">
          {who}
          {caregiver.isYou ? <span className="ml-2 text-sm text-ink-muted">(you)</span> : null}
        </p>
        {caregiver.name && caregiver.email ? <p className="text-sm wrap-anywhere text-ink-muted">{caregiver.email}</p> : null}
        <p className="text-sm text-ink-muted">
          {caregiver.isAccountHolder
            ? 'Owner · the child belongs to this account'
            : `${ROLE_LABELS[caregiver.role].name} since ${formatDate(caregiver.since)}`}
        </p>
      </div>
      {caregiver.isAccountHolder ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <RoleChoice childId={childId} childName={childName} caregiver={caregiver} who={who} />
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

/**
 * Someone's role. Choosing and saving are two steps (WCAG 3.2.2): arrowing through the select only
 * chooses, "Save role" saves, and making someone an owner asks first. A failed change stays said
 * beside the select (the toast closes by itself).
 */
function RoleChoice({ childId, childName, caregiver, who }: { childId: number; childName: string; caregiver: Caregiver; who: string }) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const changeRole = useChangeRole();
  const failure = useSaveError();
  const [chosen, setChosen] = useState<ChildRole | null>(null);
  const [asking, setAsking] = useState(false);
  const changed = chosen !== null && chosen !== caregiver.role;

  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);

  const apply = (role: ChildRole) => {
    failure.clear();
    changeRole.mutate(
      { childId, id: caregiver.id, data: { role } },
      {
        onSuccess: () => {
          setChosen(null);
          setAsking(false);
          select.current?.focus();
        },
        onError: (error) => {
          setAsking(false);
          // Gone meanwhile (removed by another owner, or they left): say so rather than "try again".
          const gone = httpStatusOf(error) === 404 ? `${who} no longer has access to ${childName}.` : undefined;
          failure.report('The role did not change', gone)(error);
          select.current?.focus();
        },
      },
    );
  };
  const save = () => {
    if (!changed || changeRole.isPending) return;
    if (chosen === 'owner') setAsking(true);
    else apply(chosen);
  };
  const cancel = () => {
    setChosen(null);
    setAsking(false);
    failure.clear();
    select.current?.focus();
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-role`} className="sr-only">
        Role of {who}
      </label>
      <select
        ref={select}
        id={`${id}-role`}
        value={chosen ?? caregiver.role}
        aria-describedby={failure.message ? `${id}-error` : undefined}
        onChange={(event) => {
          setChosen(event.target.value as ChildRole);
          setAsking(false);
        }}
        className="rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink"
      >
        {CHILD_ROLES.map((choice) => (
          <option key={choice} value={choice}>
            {ROLE_LABELS[choice].name}
          </option>
        ))}
      </select>
      {changed && !asking ? (
        <>
          <Button size="sm" loading={changeRole.isPending} onClick={save}>
            Save role<span className="sr-only"> of {who}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={cancel}>
            Cancel<span className="sr-only"> the role change for {who}</span>
          </Button>
        </>
      ) : null}
      {changed && asking ? (
        <div
          role="group"
          aria-labelledby={`${id}-ask`}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-ink/25 bg-brand-50 px-3 py-2"
        >
          <p id={`${id}-ask`} className="min-w-0 text-sm font-medium wrap-anywhere text-ink">
            Make {who} an owner of {childName}? {ROLE_LABELS.owner.can}
          </p>
          <Button size="sm" loading={changeRole.isPending} onClick={() => apply('owner')}>
            Make owner
          </Button>
          <button ref={keep} type="button" className={buttonClasses({ variant: 'outline', size: 'sm' })} onClick={cancel}>
            Keep as {ROLE_LABELS[caregiver.role].name.toLowerCase()}
          </button>
        </div>
      ) : null}
      <SaveError id={`${id}-error`} message={failure.message} />
    </div>
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
