import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toIssues } from '#shared/api-error.ts';
import {
  PASSWORD_MIN_LENGTH,
  passwordResetRequestSchema,
  passwordResetSchema,
  type PasswordResetRequestResult,
} from '#shared/schemas/account.ts';
import { Button } from '../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues } from '../../lib/field-errors.ts';
import { PATHS } from '../../lib/paths.ts';
import { FormAlert, TextField } from '../components/form-field.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { AuthCard } from './local-forms.tsx';
import { AuthApiError, passwordResetComplete, passwordResetRequest } from './local-auth-api.ts';

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

function messageFor(error: unknown): string {
  if (error instanceof AuthApiError) {
    if (error.status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
    return error.message;
  }
  return 'We could not reach Trelli. Check your connection and try again.';
}

const backToSignIn = (
  <Link to={PATHS.signIn} className={linkClasses}>
    Back to sign in
  </Link>
);

/** What the answer to "forgot password" says: the same for every address (decision 0050). */
function RequestAnswer({ email, answer }: { email: string; answer: PasswordResetRequestResult }) {
  if (answer.delivery === 'ask-admin') {
    return (
      <StatusMessage className="grid gap-3 text-ink">
        <p>This Trelli does not send email, so it cannot send you a link.</p>
        <p>
          Ask the person who runs Trelli for you (your family&apos;s or your organization&apos;s administrator) for a password reset link.
          They can make one for your account; it works once, for an hour.
        </p>
      </StatusMessage>
    );
  }
  return (
    <StatusMessage className="grid gap-3 text-ink">
      <p>
        If an account uses <strong className="break-all">{email}</strong>, we have emailed it a link to choose a new password.
      </p>
      <p className="text-sm text-ink-muted">
        The link works once, for an hour. If nothing arrives in a few minutes, check your spam folder.
      </p>
    </StatusMessage>
  );
}

/** "Forgot password?": asks for the email; the answer never says whether an account has it. */
export function ForgotPasswordForm() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<{ email: string; result: PasswordResetRequestResult } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrorsFromIssues(toIssues(parsed.error)).email ?? null);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setSubmitting(true);
    try {
      setAnswer({ email: parsed.data.email, result: await passwordResetRequest(parsed.data.email) });
    } catch (caught) {
      setFormError(messageFor(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password" subtitle="Forgot your password? It happens." headingLevel={1} footer={backToSignIn}>
      {answer ? (
        <RequestAnswer email={answer.email} answer={answer.result} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset your password">
          <FormAlert>{formError}</FormAlert>
          <TextField
            id={emailId}
            label="Email address"
            type="email"
            autoComplete="email"
            required
            hint="The address you sign in with."
            value={email}
            error={error ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="secondary" loading={submitting} className="w-full">
            Send me a link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** The emailed link's page: a new password for the account the link was made for. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => Promise<void> }) {
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = passwordResetSchema.safeParse({ token, newPassword: password });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(toIssues(parsed.error)));
      document.getElementById(passwordId)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await passwordResetComplete(parsed.data.token, parsed.data.newPassword);
      await onDone();
      setDone(true);
    } catch (caught) {
      const fieldErrors = caught instanceof AuthApiError ? fieldErrorsFromIssues(caught.issues) : {};
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { [FORM_ERROR]: messageFor(caught) });
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Your password is changed" subtitle="Every device was signed out." headingLevel={1} footer={backToSignIn}>
        <StatusMessage className="grid gap-4 text-ink">
          <p>Sign in with your new password.</p>
          <Link to={PATHS.signIn} className={linkClasses}>
            Sign in
          </Link>
        </StatusMessage>
      </AuthCard>
    );
  }

  const linkError = errors.token;
  return (
    <AuthCard title="Choose a new password" subtitle="Then sign in with it on every device." headingLevel={1} footer={backToSignIn}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
        <FormAlert>{linkError ?? errors[FORM_ERROR] ?? null}</FormAlert>
        {linkError ? (
          <Link to={PATHS.resetPassword} className={linkClasses}>
            Ask for a new link
          </Link>
        ) : null}
        <TextField
          id={passwordId}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          error={errors.newPassword}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={submitting} className="w-full">
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
