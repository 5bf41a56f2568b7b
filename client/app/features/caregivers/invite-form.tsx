import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CAREGIVER_LIMITS, inviteCreateSchema, type CreatedInvite } from '#shared/schemas/caregivers.ts';
import type { Child } from '#shared/schemas/child.ts';
import { CHILD_ROLES, type ChildRole } from '#shared/schemas/roles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { ROLE_LABELS } from './caregiver-labels.ts';
import { useInvite, useInvitesEmailable } from './use-caregivers.ts';

/** Why a new invitation was not emailed, in a parent's words (the setting named for whoever runs the server). */
const NOT_EMAILED: Record<NonNullable<CreatedInvite['notEmailedBecause']>, string> = {
  'no-mail': 'This server does not send email, so copy the link and send it by message or email.',
  'no-app-origin':
    'This server does not email invitations until its public address (the APP_ORIGIN setting) is set, so copy the link and send it by message or email.',
  'mail-failed': 'The email could not be sent just now, so copy the link and send it by message or email.',
};

/**
 * The link to copy. Without APP_ORIGIN the server can only guess its own address (localhost), so the
 * link is put at the address this page was opened at, which the person inviting knows works (decision 0073).
 */
function linkToShow(created: CreatedInvite): string {
  if (created.linkFromAppOrigin) return created.link;
  const { pathname, hash } = new URL(created.link);
  return `${window.location.origin}${pathname}${hash}`;
}

/** Invite someone to one or more of the children the person owns; the link is shown to copy. */
export function InviteForm({ ownedChildren }: { ownedChildren: Child[] }) {
  const id = useId();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ChildRole>('viewer');
  const [childIds, setChildIds] = useState<number[]>(() => ownedChildren.slice(0, 1).map((child) => child.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const emailable = useInvitesEmailable();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = inviteCreateSchema.safeParse({ email, role, childIds });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
      return;
    }
    setErrors({});
    try {
      setCreated(await invite.mutateAsync(parsed.data));
      setEmail('');
    } catch (error) {
      setErrors(submitFailureErrors(error, 'The invitation was not created. Please try again.'));
    }
  }

  const toggle = (childId: number, on: boolean) =>
    setChildIds((current) => (on ? [...current, childId] : current.filter((existing) => existing !== childId)));

  return (
    <div className="grid gap-4">
      <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
          Invite someone
        </h3>
        {emailable === false ? (
          <p className="text-sm text-ink-muted">
            Invitations are not emailed from this server: its public address (the APP_ORIGIN setting) is not set. After you create one, copy
            its link and send it yourself.
          </p>
        ) : null}
        <TextField
          id={`${id}-email`}
          label="Their email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          hint={`They get a link that works once, for ${CAREGIVER_LIMITS.inviteDays} days. They sign in or create an account to accept.`}
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold text-ink">What they can do</legend>
          {CHILD_ROLES.map((choice) => (
            <div key={choice} className="flex items-start gap-3 rounded-lg border border-ink/15 p-3">
              <input
                id={`${id}-role-${choice}`}
                type="radio"
                name={`${id}-role`}
                value={choice}
                checked={role === choice}
                onChange={() => setRole(choice)}
                aria-describedby={`${id}-role-${choice}-can`}
                className="mt-1 size-4"
              />
              <div>
                <label htmlFor={`${id}-role-${choice}`} className="block font-semibold text-ink">
                  {ROLE_LABELS[choice].name}
                </label>
                <p id={`${id}-role-${choice}-can`} className="text-sm text-ink-muted">
                  {ROLE_LABELS[choice].can}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        {ownedChildren.length > 1 ? (
          <fieldset className="grid gap-2" aria-describedby={errors.childIds ? `${id}-children-error` : undefined}>
            <legend className="text-sm font-semibold text-ink">Which children</legend>
            {ownedChildren.map((child) => (
              <label key={child.id} className="flex items-center gap-3">
                <input
                  type="checkbox"
                  checked={childIds.includes(child.id)}
                  onChange={(event) => toggle(child.id, event.target.checked)}
                  className="size-4"
                />
                <span className="text-ink">{child.firstName}</span>
              </label>
            ))}
            {errors.childIds ? (
              <p id={`${id}-children-error`} className="text-sm font-medium text-red-800">
                {errors.childIds}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <FormAlert>{errors[FORM_ERROR]}</FormAlert>
        <OfflineNotice pending={invite.isPending} what="invitation" />
        <div>
          <SubmitButton pending={invite.isPending}>Create invitation</SubmitButton>
        </div>
      </form>
      {created ? (
        <CreatedInviteLink
          key={created.invite.id}
          created={created}
          onDone={() => {
            setCreated(null);
            document.getElementById(`${id}-email`)?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** The new link, shown once, with a copy button and whether it was emailed; focus moves to what it says. */
function CreatedInviteLink({ created, onDone }: { created: CreatedInvite; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState(false);
  // The button pressed is now behind it: a screen reader reads the message, and Tab goes on to the link.
  useEffect(() => message.current?.focus(), []);
  const link = linkToShow(created);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard access the link is selected for the person to copy.
      input.current?.select();
    }
  }

  return (
    <div className="grid gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4">
      <p ref={message} tabIndex={-1} className="font-semibold text-ink">
        {created.emailed
          ? `We emailed the invitation to ${created.invite.email}.`
          : `Invitation for ${created.invite.email} is ready. Send them this link yourself.`}
      </p>
      <p className="text-sm text-ink-muted">
        {created.notEmailedBecause === null
          ? 'You can also copy the link and send it another way.'
          : NOT_EMAILED[created.notEmailedBecause]}{' '}
        The link works once, for {CAREGIVER_LIMITS.inviteDays} days, and is shown only now.
      </p>
      <label htmlFor={`${id}-link`} className="text-sm font-semibold text-ink">
        Invitation link
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className="block w-full rounded-lg border border-ink/25 bg-white px-3 py-2.5 font-mono text-sm text-ink"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void copy()}>
          {copied ? 'Link copied' : 'Copy link'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
