import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toIssues } from '#shared/api-error.ts';
import { PASSWORD_MIN_LENGTH, signInSchema, signUpSchema } from '#shared/schemas/account.ts';
import { Button } from '../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError } from '../../lib/field-errors.ts';
import { PATHS, safeRedirectPath } from '../../lib/paths.ts';
import { FormAlert, TextField } from '../components/form-field.tsx';
import type { SignInScreenProps, SignUpScreenProps } from './auth-context.tsx';
import { useLocalAuthActions } from './local-auth-actions.ts';
import { AuthApiError } from './local-auth-api.ts';

const FIELDS = ['email', 'password'] as const;

interface AuthCardProps {
  title: string;
  subtitle: string;
  headingLevel: 1 | 2;
  footer: ReactNode;
  children: ReactNode;
}

/** The same card look as Clerk's components (white card, brand primary #B5D5D0), for built-in accounts. */
export function AuthCard({ title, subtitle, headingLevel, footer, children }: AuthCardProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="w-full max-w-[25rem] overflow-hidden rounded-2xl border border-ink/10 bg-white shadow-lg">
      <div className="grid gap-6 px-8 pt-8 pb-6">
        <div className="grid gap-1 text-center">
          <p aria-hidden="true" className="mx-auto mb-2 flex size-10 items-center justify-center rounded-full bg-brand font-bold text-ink">
            T
          </p>
          <Heading className="text-xl font-bold text-ink">{title}</Heading>
          <p className="text-sm text-ink-muted">{subtitle}</p>
        </div>
        {children}
      </div>
      <div className="border-t border-ink/10 bg-brand-50 px-8 py-4 text-center text-sm text-ink-muted">{footer}</div>
    </div>
  );
}

function messageFor(error: unknown): string {
  if (error instanceof AuthApiError) {
    if (error.status === 429) {
      return error.retryAfterSeconds
        ? `Too many attempts. Please wait ${error.retryAfterSeconds} seconds and try again.`
        : 'Too many attempts. Please wait a moment and try again.';
    }
    return error.message;
  }
  return 'We could not reach Trelli. Check your connection and try again.';
}

function useCredentialsForm(kind: 'sign-in' | 'sign-up', redirectUrl: string) {
  const actions = useLocalAuthActions();
  const navigate = useNavigate();
  const idPrefix = useId();
  const idFor = (field: string) => `${idPrefix}-${field}`;
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    setFormError(next[FORM_ERROR] ?? null);
    focusFirstError(next, FIELDS, idFor);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = (kind === 'sign-up' ? signUpSchema : signInSchema).safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      if (kind === 'sign-up') await actions.signUp(parsed.data.email, parsed.data.password);
      else await actions.signIn(parsed.data.email, parsed.data.password);
      navigate(redirectUrl, { replace: true });
    } catch (error) {
      setSubmitting(false);
      const fieldErrors = error instanceof AuthApiError ? fieldErrorsFromIssues(error.issues) : {};
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setFormError(messageFor(error));
    }
  };

  const bind = (field: (typeof FIELDS)[number]) => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return { onSubmit, bind, formError, submitting };
}

function useRedirectTarget(redirectUrl: string | undefined, embedded: boolean | undefined): string {
  const [params] = useSearchParams();
  if (embedded) return PATHS.postAuth;
  return safeRedirectPath(params.get('redirect_url'), redirectUrl ?? PATHS.postAuth);
}

export function LocalSignIn({ redirectUrl, embedded }: SignInScreenProps) {
  const target = useRedirectTarget(redirectUrl, embedded);
  const { onSubmit, bind, formError, submitting } = useCredentialsForm('sign-in', target);
  return (
    <AuthCard
      title="Sign in to Trelli"
      subtitle="Welcome back! Please sign in to continue"
      headingLevel={embedded ? 2 : 1}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={PATHS.signUp} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
        <FormAlert>{formError}</FormAlert>
        <TextField label="Email address" type="email" autoComplete="email" required {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...bind('password')} />
        <Link
          to={PATHS.resetPassword}
          className="justify-self-end text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          Forgot password?
        </Link>
        <Button type="submit" variant="secondary" loading={submitting} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}

export function LocalSignUp({ redirectUrl }: SignUpScreenProps) {
  const target = useRedirectTarget(redirectUrl, false);
  const { onSubmit, bind, formError, submitting } = useCredentialsForm('sign-up', target);
  return (
    <AuthCard
      title="Create your account"
      subtitle="Welcome! Please fill in the details to get started."
      headingLevel={1}
      footer={
        <>
          Already have access?{' '}
          <Link to={PATHS.signIn} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create your account">
        <FormAlert>{formError}</FormAlert>
        <TextField label="Email address" type="email" autoComplete="email" required {...bind('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...bind('password')}
        />
        <Button type="submit" variant="secondary" loading={submitting} className="w-full">
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
