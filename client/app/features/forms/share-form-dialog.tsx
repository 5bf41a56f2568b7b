import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RECIPIENT_ROLE_LABELS } from '#shared/record-labels.ts';
import { FORM_LIMITS, RECIPIENT_ROLES, type CreatedFormLink, type RecipientRole } from '#shared/schemas/form.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { CreatedLinkPanel, LinkDaysField, MakeLinkButtons } from '../../components/share-link.tsx';
import { failureText, useMailConfigured, useShareForm } from './use-forms.ts';

const { linkMinDays, linkMaxDays, linkDefaultDays, recipientName: nameLimit } = FORM_LIMITS;

// The same loose check the server's z.email() makes in spirit: something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ShareFields {
  recipientName: string;
  recipientRole: RecipientRole;
  days: string;
  singleUse: boolean;
  email: string;
}

/** What is wrong with the fields, by field; empty when the link can be made. */
export function shareProblems(fields: ShareFields, mailConfigured: boolean): Partial<Record<'recipientName' | 'days' | 'email', string>> {
  const problems: Partial<Record<'recipientName' | 'days' | 'email', string>> = {};
  const name = fields.recipientName.trim();
  if (name === '') problems.recipientName = 'Say who will answer';
  else if (name.length > nameLimit) problems.recipientName = `At most ${nameLimit} characters`;
  const days = Number(fields.days.trim());
  if (fields.days.trim() === '' || !Number.isInteger(days) || days < linkMinDays || days > linkMaxDays) {
    problems.days = `Choose from ${linkMinDays} to ${linkMaxDays} days`;
  }
  const email = fields.email.trim();
  if (mailConfigured && email !== '' && (!EMAIL.test(email) || email.length > 254)) problems.email = 'Enter an email address';
  return problems;
}

/**
 * "Send to someone" (owners only; the editor gates it): who will answer and their role, how many days
 * the link works, whether it works once, and an address to email it to when this server sends mail.
 * Then the link, shown once, with Copy. In place, focus on its heading when opened and on the answer
 * when the link is made.
 */
export function ShareFormDialog({ formId, title, onClose }: { formId: number; title: string; onClose: () => void }) {
  const id = useId().replaceAll(':', '');
  const heading = useRef<HTMLHeadingElement>(null);
  const mailConfigured = useMailConfigured(true);
  const [fields, setFields] = useState<ShareFields>({
    recipientName: '',
    recipientRole: 'teacher',
    days: String(linkDefaultDays),
    singleUse: false,
    email: '',
  });
  const [checked, setChecked] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [created, setCreated] = useState<{ link: CreatedFormLink; to: string | null } | null>(null);
  const share = useShareForm();
  useEffect(() => heading.current?.focus(), []);
  const problems = checked ? shareProblems(fields, mailConfigured) : {};
  const set = (change: Partial<ShareFields>) => setFields((old) => ({ ...old, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = shareProblems(fields, mailConfigured);
    const first = (['recipientName', 'days', 'email'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setFailed(null);
    const email = mailConfigured ? fields.email.trim() : '';
    share.mutate(
      {
        id: formId,
        data: {
          recipientName: fields.recipientName.trim(),
          recipientRole: fields.recipientRole,
          expiresInDays: Number(fields.days.trim()),
          singleUse: fields.singleUse,
          ...(email ? { recipientEmail: email } : {}),
        },
      },
      {
        onSuccess: (link) => setCreated({ link, to: email || null }),
        onError: (failure) => setFailed(failureText(failure)),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-bold wrap-anywhere text-ink">
        Send “{title}”
      </h2>
      {created ? (
        <CreatedFormLinkView created={created.link} to={created.to} name={fields.recipientName.trim()} onDone={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-3">
          <p className="text-sm text-ink">
            The person you send it to answers on their phone or computer, without an account. They see the questions and your child&apos;s
            first name, nothing else. Their answers wait for you to approve them.
          </p>
          <TextField
            id={`${id}-recipientName`}
            label="Who will answer"
            hint="Their name, as you would greet them: Ms Lee."
            limit={nameLimit}
            autoComplete="off"
            error={problems.recipientName}
            value={fields.recipientName}
            onChange={(event) => set({ recipientName: event.target.value })}
          />
          <SelectField
            id={`${id}-role`}
            label="They are"
            value={fields.recipientRole}
            onChange={(event) => set({ recipientRole: event.target.value as RecipientRole })}
          >
            {RECIPIENT_ROLES.map((role) => (
              <option key={role} value={role}>
                {RECIPIENT_ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
          <LinkDaysField
            id={`${id}-days`}
            label="Days the link works"
            min={linkMinDays}
            max={linkMaxDays}
            error={problems.days}
            value={fields.days}
            onChange={(days) => set({ days })}
          />
          <label className="flex min-h-11 items-center gap-3 text-ink">
            <input
              type="checkbox"
              className="size-5 accent-brand-800"
              checked={fields.singleUse}
              onChange={(event) => set({ singleUse: event.target.checked })}
            />
            Works once (after one answer, the link stops)
          </label>
          {mailConfigured ? (
            <TextField
              id={`${id}-email`}
              label="Email it to"
              optional
              type="email"
              autoComplete="off"
              hint="We send the link to this address and do not keep it."
              error={problems.email}
              value={fields.email}
              onChange={(event) => set({ email: event.target.value })}
            />
          ) : null}
          <MakeLinkButtons failed={failed} pending={share.isPending} onCancel={onClose} />
        </form>
      )}
    </section>
  );
}

/** The new link, once: who it is for and when it ends, whether it was emailed, the address to copy, and Done. */
function CreatedFormLinkView({
  created,
  to,
  name,
  onDone,
}: {
  created: CreatedFormLink;
  to: string | null;
  name: string;
  onDone: () => void;
}) {
  return (
    <CreatedLinkPanel
      link={created.link}
      label="Link to the form"
      message={`The link for ${name} is ready. It works until ${formatDateTime(created.expiresAt)}, and is shown only now: copy it before you close this.`}
      notes={
        <>
          {created.emailed && to ? <p className="text-ink">Emailed to {to}.</p> : null}
          {!created.emailed && to ? <p className="text-ink">We could not email it this time: copy the link and send it yourself.</p> : null}
        </>
      }
      onDone={onDone}
    />
  );
}
