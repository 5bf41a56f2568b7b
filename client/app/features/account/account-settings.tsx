import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  accountNameUpdateSchema,
  emailChangeSchema,
  passwordChangeSchema,
} from '#shared/schemas/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, issuesFromError } from '../../../lib/field-errors.ts';
import { primaryEmail, useAuth, type AppUser } from '../../auth/auth-context.tsx';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { FormAlert, TextField } from '../../components/form-field.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { useAccountChanges } from './use-account.ts';

const ClerkProfile = lazy(() => import('./clerk-profile.tsx'));

const OFFLINE = 'You\u2019re offline. Changes to your account need a connection.';

/** One of the account's forms: a titled group with its own submit button. */
function AccountForm({
  title,
  description,
  onSubmit,
  children,
}: {
  title: string;
  description?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-3 border-t border-ink/10 pt-5">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-ink">
          {title}
        </h3>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </form>
  );
}

function Submit({ pending, online, children }: { pending: boolean; online: boolean; children: ReactNode }) {
  return (
    <div>
      <Button type="submit" variant="secondary" loading={pending} disabled={pending || !online}>
        {children}
      </Button>
    </div>
  );
}

type Changes = ReturnType<typeof useAccountChanges>;

/** What one account form sends: its data, then what to do when the server accepts or refuses it. */
type Send<T> = (data: T, after: { onSuccess: () => void; onError: (error: unknown) => void }) => void;

/**
 * One account form's values and errors: checked with the shared schema before sending, the server's
 * field issues shown under their fields, emptied (or set from `afterSave`) once saved.
 */
function useAccountForm<Values extends Record<string, string>, Data>(
  schema: z.ZodType<Data, Values>,
  initial: Values,
  send: Send<Data>,
  afterSave: (saved: Data) => Values = () => initial,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    send(parsed.data, {
      onSuccess: () => setValues(afterSave(parsed.data)),
      onError: (error) => setErrors(fieldErrorsFromIssues(issuesFromError(error))),
    });
  };
  const bind = (field: keyof Values & string) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return { onSubmit, bind, formError: errors[FORM_ERROR] ?? null };
}

function NameForm({ user, online, changes }: { user: AppUser; online: boolean; changes: Changes }) {
  const id = useId();
  const form = useAccountForm(
    accountNameUpdateSchema,
    { name: user.fullName ?? '' },
    (data, after) => changes.updateName.mutate(data, after),
    (saved) => saved,
  );
  return (
    <AccountForm title="Name" description="How Trelli names you to the people you share a child with." onSubmit={form.onSubmit}>
      <FormAlert>{form.formError}</FormAlert>
      <TextField id={id} label="Your name" autoComplete="name" optional limit={ACCOUNT_NAME_MAX_LENGTH} {...form.bind('name')} />
      <Submit pending={changes.updateName.isPending} online={online}>
        Save name
      </Submit>
    </AccountForm>
  );
}

function EmailForm({ user, online, changes }: { user: AppUser; online: boolean; changes: Changes }) {
  const emailId = useId();
  const passwordId = useId();
  const form = useAccountForm(emailChangeSchema, { email: '', currentPassword: '' }, (data, after) =>
    changes.changeEmail.mutate(data, after),
  );
  return (
    <AccountForm
      title="Email address"
      description={`You sign in with ${primaryEmail(user) ?? 'no email address yet'}.`}
      onSubmit={form.onSubmit}
    >
      <FormAlert>{form.formError}</FormAlert>
      <TextField id={emailId} label="New email address" type="email" autoComplete="email" {...form.bind('email')} />
      <TextField
        id={passwordId}
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <Submit pending={changes.changeEmail.isPending} online={online}>
        Change email
      </Submit>
    </AccountForm>
  );
}

function PasswordForm({ online, changes }: { online: boolean; changes: Changes }) {
  const currentId = useId();
  const newId = useId();
  const form = useAccountForm(passwordChangeSchema, { currentPassword: '', newPassword: '' }, (data, after) =>
    changes.changePassword.mutate(data, after),
  );
  return (
    <AccountForm title="Password" description="Changing it signs you out on every other device." onSubmit={form.onSubmit}>
      <FormAlert>{form.formError}</FormAlert>
      <TextField
        id={currentId}
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <TextField
        id={newId}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...form.bind('newPassword')}
      />
      <Submit pending={changes.changePassword.isPending} online={online}>
        Change password
      </Submit>
    </AccountForm>
  );
}

function DevicesPanel({ online, changes }: { online: boolean; changes: Changes }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-3 border-t border-ink/10 pt-5">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-ink">
          Devices
        </h3>
        <p className="text-sm text-ink-muted">Signed in on a shared or lost device? Sign it out from here; this device stays signed in.</p>
      </div>
      <div>
        <Button
          variant="outline"
          loading={changes.signOutOthers.isPending}
          disabled={changes.signOutOthers.isPending || !online}
          onClick={() => changes.signOutOthers.mutate()}
        >
          Sign out of every other device
        </Button>
      </div>
    </div>
  );
}

function BuiltInAccount({ user }: { user: AppUser }) {
  const online = useOnline();
  const changes = useAccountChanges();
  return (
    <>
      {online ? null : (
        <StatusMessage className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">{OFFLINE}</StatusMessage>
      )}
      <NameForm user={user} online={online} changes={changes} />
      <EmailForm user={user} online={online} changes={changes} />
      <PasswordForm online={online} changes={changes} />
      <DevicesPanel online={online} changes={changes} />
    </>
  );
}

/**
 * Settings' Account section: with built-in accounts the name, email, password and other devices
 * (decision 0051); with Clerk, Clerk's own profile. Sign out, either way.
 */
export function AccountSettings() {
  const { provider, user } = useAuth();
  const signOut = useSignOut();
  return (
    <SettingsSection
      title="Account"
      description={
        <>
          {user?.fullName ? `${user.fullName} \u00b7 ` : ''}
          {primaryEmail(user) ?? 'No email address'}
        </>
      }
    >
      {provider === 'clerk' ? (
        <Suspense fallback={<Spinner size="small" label="Loading your profile" showLabel />}>
          <ClerkProfile />
        </Suspense>
      ) : user ? (
        <BuiltInAccount user={user} />
      ) : null}
      <div className="border-t border-ink/10 pt-5">
        <Button variant="outline" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </SettingsSection>
  );
}
