import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { useCharacterLimit, type CharacterLimit } from '../hooks/use-character-limit.ts';

const controlClasses =
  'block w-full rounded-lg border border-ink/25 bg-white px-3 py-2.5 text-base text-ink shadow-xs ' +
  'placeholder:text-ink-muted focus-visible:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 ' +
  'aria-invalid:border-red-700';

/**
 * What a field with a character limit shows under it: "312 characters over the 2,000 limit..." when
 * over, "1,850 / 2,000" from 80% of the limit on, and a polite live region that speaks only when the
 * text crosses into or out of those (see useCharacterLimit). For an input that is not a TextField,
 * give the input `aria-describedby={limitDescribedBy(id, limit)}` and aria-invalid when over.
 */
export function CharacterCount({ id, limit }: { id: string; limit: CharacterLimit }) {
  return (
    <>
      {limit.overMessage ? (
        <p id={`${id}-limit`} className="text-sm font-medium text-red-800">
          {limit.overMessage}
        </p>
      ) : null}
      {limit.counter ? (
        <p id={`${id}-count`} className={cn('text-right text-sm tabular-nums', limit.overMessage ? 'text-red-800' : 'text-ink-muted')}>
          {limit.counter}
          <span className="sr-only"> characters</span>
        </p>
      ) : null}
      {limit.limited ? (
        <p className="sr-only" aria-live="polite">
          {limit.announcement}
        </p>
      ) : null}
    </>
  );
}

/** The ids of what CharacterCount shows for field `id`, for aria-describedby. */
export function limitDescribedBy(id: string, limit: CharacterLimit): string | undefined {
  const ids = [limit.overMessage ? `${id}-limit` : null, limit.counter ? `${id}-count` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  limit?: CharacterLimit | undefined;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, optional, limit, children }: FieldShellProps) {
  // Over the limit, the limit's message says what to do; the form's own error comes back if still true.
  const overMessage = limit?.overMessage ?? null;
  const shownError = overMessage ? undefined : error;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="ml-1 font-normal text-ink-muted">(optional)</span> : null}
      </label>
      {children}
      {hint && !shownError && !overMessage ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {shownError}
        </p>
      ) : null}
      {limit ? <CharacterCount id={id} limit={limit} /> : null}
    </div>
  );
}

function fieldAria(id: string, limit: CharacterLimit | undefined, error?: string, hint?: string) {
  const over = Boolean(limit?.overMessage);
  const message = over ? null : error ? `${id}-error` : hint ? `${id}-hint` : null;
  const ids = [message, limit ? limitDescribedBy(id, limit) : null].filter(Boolean);
  return {
    'aria-invalid': error || over ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

type Common = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  /**
   * The shared schema's maximum length. The field keeps whatever is typed or pasted and says when it
   * nears or passes the limit; there is no maxLength, which would cut a paste without a word.
   */
  limit?: number | undefined;
  /** What follows "N characters over the limit:" ("shorten it to save" unless said). */
  overLimit?: string | undefined;
};

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function TextField({
  id,
  label,
  error,
  hint,
  optional,
  limit,
  overLimit,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>) {
  const counted = useCharacterLimit(textOf(input.value), limit, overLimit);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} limit={counted}>
      <input id={id} name={id} {...fieldAria(id, counted, error, hint)} className={cn(controlClasses, className)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
  ...select
}: Omit<Common, 'limit' | 'overLimit'> & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <select id={id} name={id} {...fieldAria(id, undefined, error, hint)} className={cn(controlClasses, 'pr-8', className)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  optional,
  limit,
  overLimit,
  className,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'>) {
  const counted = useCharacterLimit(textOf(area.value), limit, overLimit);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} limit={counted}>
      <textarea
        id={id}
        name={id}
        {...fieldAria(id, counted, error, hint)}
        className={cn(controlClasses, 'min-h-24', className)}
        {...area}
      />
    </FieldShell>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
    </div>
  );
}
