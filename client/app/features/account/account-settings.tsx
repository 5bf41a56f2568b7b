import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
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
import { useOnline } from '../../hooks/use-online.ts';
import { useAccountChanges } from './use-account.ts';

const ClerkProfile = lazy(() => import('./clerk-profile.tsx'));

const OFFLINE = 'You\u2019re offline. Changes to your account need a connection.';

/** Field errors of a zod failure or of the server's refusal (issues), or null when there are none. */
function errorsOf(issues: readonly { path: string; message: string }[]): Record<string, string> | null {
  return issues.length > 0 ? fieldErrorsFromIssues(issues) : null;
}

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

function NameForm({ user, online, changes }: { user: AppUser; online: boolean; changes: ReturnType<typeof useAccountChanges> }) {
  const id = useId();
  const [name, setName] = useState(user.fullName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = accountNameUpdateSchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(errorsOf(toIssues(parsed.error)) ?? {});
      return;
    }
    setErrors({});
    changes.updateName.mutate(parsed.data, {
      onSuccess: (updated) => setName(updated.fullName ?? ''),
      onError: (error) => setErrors(errorsOf(issuesFromError(error)) ?? {}),
    });
  };
  return (
    <AccountForm title="Name" description="How Trelli names you to the people you share a child with." onSubmit={onSubmit}>
      <TextField
        id={id}
        label="Your name"
        autoComplete="name"
        optional
        limit={ACCOUNT_NAME_MAX_LENGTH}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <Submit pending={changes.updateName.isPending} online={online}>
        Save name
      </Submit>
    </AccountForm>
  );
}

function EmailForm({ user, online, changes }: { user: AppUser; online: boolean; changes: ReturnType<typeof useAccountChanges> }) {
  const emailId = useId();
  const passwordId = useId();
  const [values, setValues] = useState({ email: '', currentPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(toIssues(parsed.error)) ?? {});
      return;
    }
    setErrors({});
    changes.changeEmail.mutate(parsed.data, {
      onSuccess: () => setValues({ email: '', currentPassword: '' }),
      onError: (error) => setErrors(errorsOf(issuesFromError(error)) ?? {}),
    });
  };
  return (
    <AccountForm
      title="Email address"
      description={`You sign in with ${primaryEmail(user) ?? 'no email address yet'}.`}
      onSubmit={onSubmit}
    >
      <FormAlert>{errors[FORM_ERROR] ?? null}</FormAlert>
      <TextField
        id={emailId}
        label="New email address"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
      />
      <TextField
        id={passwordId}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => setValues((current) => ({ ...current, currentPassword: event.target.value }))}
      />
      <Submit pending={changes.changeEmail.isPending} online={online}>
        Change email
      </Submit>
    </AccountForm>
  );
}

function PasswordForm({ online, changes }: { online: boolean; changes: ReturnType<typeof useAccountChanges> }) {
  const currentId = useId();
  const newId = useId();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(toIssues(parsed.error)) ?? {});
      return;
    }
    setErrors({});
    changes.changePassword.mutate(parsed.data, {
      onSuccess: () => setValues({ currentPassword: '', newPassword: '' }),
      onError: (error) => setErrors(errorsOf(issuesFromError(error)) ?? {}),
    });
  };
  return (
    <AccountForm title="Password" description="Changing it signs you out on every other device." onSubmit={onSubmit}>
      <TextField
        id={currentId}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => setValues((current) => ({ ...current, currentPassword: event.target.value }))}
      />
      <TextField
        id={newId}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={values.newPassword}
        error={errors.newPassword}
        onChange={(event) => setValues((current) => ({ ...current, newPassword: event.target.value }))}
      />
      <Submit pending={changes.changePassword.isPending} online={online}>
        Change password
      </Submit>
    </AccountForm>
  );
}

function DevicesPanel({ online, changes }: { online: boolean; changes: ReturnType<typeof useAccountChanges> }) {
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
        <p role="status" className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {OFFLINE}
        </p>
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
  const headingId = useId();
  const { provider, user } = useAuth();
  const signOut = useSignOut();
  return (
    <section aria-labelledby={headingId} className="grid max-w-2xl gap-5 rounded-2xl border border-ink/10 bg-white p-5 sm:p-8">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          Account
        </h2>
        <p className="break-all text-ink-muted">
          {user?.fullName ? `${user.fullName} \u00b7 ` : ''}
          {primaryEmail(user) ?? 'No email address'}
        </p>
      </div>
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
    </section>
  );
}
