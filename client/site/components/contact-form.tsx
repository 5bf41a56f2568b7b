import { useId, useRef, useState, type FormEvent } from 'react';
import type * as ContactSchemas from '#shared/schemas/contact.ts';
import type { CONTACT_TOPICS } from '#shared/schemas/contact.ts';
// The limits come from their zod-free module, so the page does not load zod before the form is used.
import { CONTACT_LIMITS } from '#shared/schemas/contact-limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** The server's endpoint for this form (the lead's REST route). */
export const CONTACT_URL = '/api/contact';
export const CONTACT_SENT_TITLE = 'Thanks — we’ll reply within two working days.';

type Field = 'name' | 'email' | 'topic' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'topic', 'message'];
const EMPTY: Values = { name: '', email: '', topic: 'question', message: '' };

type Topic = (typeof CONTACT_TOPICS)[number];

/** Every topic the schema accepts, with its label (the type makes sure none is missing). */
export const TOPIC_LABELS: Record<Topic, string> = {
  question: 'A question about Trelli',
  feedback: 'Feedback or an idea',
  privacy: 'Privacy or my data',
  billing: 'Pricing and billing',
  other: 'Something else',
};
const TOPICS = Object.keys(TOPIC_LABELS) as Topic[];

/*
 * The shared schema brings zod (tens of KB), so it loads when the parent starts on the form
 * (first focus) rather than with the page.
 */
let schemaModule: Promise<typeof ContactSchemas> | undefined;
function loadSchema() {
  schemaModule ??= import('#shared/schemas/contact.ts').catch((error: unknown) => {
    schemaModule = undefined;
    throw error;
  });
  return schemaModule;
}

function isField(path: unknown): path is Field {
  return typeof path === 'string' && (FIELDS as readonly string[]).includes(path);
}

/** Retry-After is seconds or an HTTP date; the wait in whole minutes (at least 1), or null. */
export function retryAfterMinutes(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

function rateLimitMessage(minutes: number | null): string {
  const wait = minutes === null ? 'a few minutes' : minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return `You have sent several messages in a short time. Please wait ${wait} and try again. Your message is still here.`;
}

const FAILURE_MESSAGE = 'We couldn’t send your message just now. Please check your connection and try again. Your message is still here.';

async function readIssues(response: Response): Promise<{ errors: Errors; message: string | null }> {
  const errors: Errors = {};
  let message: string | null = null;
  try {
    const body = (await response.json()) as { error?: { message?: unknown; issues?: Array<{ path?: unknown; message?: unknown }> } };
    for (const issue of body.error?.issues ?? []) {
      if (isField(issue.path) && typeof issue.message === 'string' && !errors[issue.path]) errors[issue.path] = issue.message;
    }
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // not JSON: fall through to the generic message
  }
  return { errors, message };
}

const inputClasses =
  'mt-1.5 block w-full rounded-lg border border-ink-muted/60 bg-white px-3 py-2.5 text-base text-ink shadow-sm ' +
  'focus-visible:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-800 ' +
  'aria-invalid:border-red-700';

/** Name, email, topic and message; validated with the shared schema, sent as JSON, confirmed by a toast. */
export function ContactForm() {
  const hydrated = useHydrated();
  const { toast } = useToast();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const fieldId = (field: Field) => `${id}-${field}`;
  const warmUp = () => void loadSchema().catch(() => undefined);
  const errorId = (field: Field) => `${id}-${field}-error`;

  function focusFirstError(found: Errors) {
    const first = FIELDS.find((field) => found[field]);
    const element = first ? form.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    let contactMessageSchema;
    try {
      ({ contactMessageSchema } = await loadSchema());
    } catch {
      setFormError(FAILURE_MESSAGE);
      return;
    }
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await fetch(CONTACT_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(parsed.data),
      });
      if (response.ok) {
        setValues(EMPTY);
        toast({ title: CONTACT_SENT_TITLE, description: 'We read every message ourselves.', variant: 'success' });
        return;
      }
      if (response.status === 429) {
        setFormError(rateLimitMessage(retryAfterMinutes(response.headers.get('Retry-After'))));
        return;
      }
      if (response.status === 400) {
        const { errors: found, message } = await readIssues(response);
        if (Object.keys(found).length > 0) {
          setErrors(found);
          focusFirstError(found);
        } else {
          setFormError(message ?? FAILURE_MESSAGE);
        }
        return;
      }
      setFormError(FAILURE_MESSAGE);
    } catch {
      setFormError(FAILURE_MESSAGE);
    } finally {
      setSending(false);
    }
  }

  function describedBy(field: Field, hint?: string) {
    const ids = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean);
    return ids.length > 0 ? ids.join(' ') : undefined;
  }

  function fieldError(field: Field) {
    return errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-red-800">
        {errors[field]}
      </p>
    ) : null;
  }

  const messageHint = `${id}-message-hint`;

  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="space-y-5">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-900">
        Send us a message
      </h2>
      <div>
        <label htmlFor={fieldId('name')} className="font-semibold text-ink">
          Your name
        </label>
        <input
          id={fieldId('name')}
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={(event) => update('name', event.target.value)}
          onFocus={warmUp}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          className={inputClasses}
        />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor={fieldId('email')} className="font-semibold text-ink">
          Email address
        </label>
        <input
          id={fieldId('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          onFocus={warmUp}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          className={inputClasses}
        />
        {fieldError('email')}
      </div>
      <div>
        <label htmlFor={fieldId('topic')} className="font-semibold text-ink">
          What is it about?
        </label>
        <select
          id={fieldId('topic')}
          name="topic"
          value={values.topic}
          onChange={(event) => update('topic', event.target.value)}
          onFocus={warmUp}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={describedBy('topic')}
          className={inputClasses}
        >
          {TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        {fieldError('topic')}
      </div>
      <div>
        <label htmlFor={fieldId('message')} className="font-semibold text-ink">
          Your message
        </label>
        <p id={messageHint} className="text-sm text-ink-muted">
          At least {CONTACT_LIMITS.messageMin} characters. Please don’t include your child’s medical details here.
        </p>
        <textarea
          id={fieldId('message')}
          name="message"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          onFocus={warmUp}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', messageHint)}
          className={cn(inputClasses, 'resize-y')}
        />
        {fieldError('message')}
      </div>
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={sending} disabled={!hydrated}>
        {sending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
