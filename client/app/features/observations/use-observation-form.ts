import { useEffect, useId, useState, type FormEvent } from 'react';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { toDateTimeLocal } from '../../../lib/dates.ts';
import { FORM_ERROR, issuesFromError } from '../../../lib/field-errors.ts';
import { useOnline } from '../../hooks/use-online.ts';
import { useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { hasMoreDetails, observationFieldErrors, type DraftCheck, type ObservationDraft } from './observation-draft.ts';
import { showFieldErrors, type ObservationFieldsProps } from './observation-fields.tsx';

export interface ObservationFormOptions<TData, TResult> {
  /** The draft the form starts from; "More details" starts open when it has any. */
  initialDraft: () => ObservationDraft;
  /** The shared schema's check of the draft: `checkNewDraft` or `checkEditedDraft`. */
  check: (draft: ObservationDraft) => DraftCheck<TData>;
  /** Sends the checked input (the mutation's `mutateAsync`). */
  save: (data: TData) => Promise<TResult>;
  /**
   * True while a save is under way: another submit is ignored. Offline, react-query holds the save
   * until the connection is back (networkMode "online") and it stays true all that time.
   */
  isPending: boolean;
  /** Called after a save; if it throws, the form says it could not save. */
  onSaved: (result: TResult) => void;
  /** The form's own words when a save fails without field errors, given the server's message if any. */
  failureMessage: (serverMessage: string | null) => string;
  /** After a save, start again from `initialDraft()` with the cursor in "What happened" (quick capture). */
  resetOnSave?: boolean;
  /** Put the cursor in "What happened" when the form appears. */
  autoFocus?: boolean;
  /** No "More details": errors behind it do not open it. */
  compact?: boolean;
}

const WHEN_FOLLOWS_CLOCK_MS = 15_000;

/** The draft as far as leaving the page would lose it: an untouched "when" is just the clock moving. */
const unsavedPart = (draft: ObservationDraft) => JSON.stringify({ ...draft, when: draft.whenTouched ? draft.when : '' });

/**
 * The state and submit flow the observation forms share (quick capture and edit): the draft, field
 * and form errors, "More details", and a submit that checks the draft against the shared schema,
 * saves it, and shows the server's field errors or the form's failure message. Typing in a field
 * clears its error.
 *
 * Offline, a save waits for the connection with the fields frozen (`waiting`), so what is saved is
 * what the parent sees; then the form carries on as after any save. Leaving the page with unsaved
 * changes, or a save still waiting, asks the browser to confirm.
 */
export function useObservationForm<TData, TResult>({
  initialDraft,
  check,
  save,
  isPending,
  onSaved,
  failureMessage,
  resetOnSave = false,
  autoFocus = false,
  compact = false,
}: ObservationFormOptions<TData, TResult>) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [draft, setDraft] = useState<ObservationDraft>(initialDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(() => hasMoreDetails(draft));
  const [savedPart, setSavedPart] = useState(() => unsavedPart(draft));
  const online = useOnline();
  useUnsavedChangesWarning(isPending || unsavedPart(draft) !== savedPart);

  useEffect(() => {
    if (autoFocus) document.getElementById(`${prefix}-what`)?.focus();
  }, [autoFocus, prefix]);

  // Untouched, "When" follows the clock, so the time in view is the time the note is saved at
  // (the server stamps an untouched note when it arrives), not the time the form was opened.
  useEffect(() => {
    if (draft.whenTouched) return undefined;
    const timer = setInterval(() => {
      setDraft((current) => (current.whenTouched ? current : { ...current, when: toDateTimeLocal(new Date()) }));
    }, WHEN_FOLLOWS_CLOCK_MS);
    return () => clearInterval(timer);
  }, [draft.whenTouched]);

  const waiting = isPending && !online;

  const change = (patch: Partial<ObservationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch).map((key) => (key === 'when' ? 'occurredAt' : key === 'tagText' ? 'tags' : key));
    if (touched.some((field) => errors[field])) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !touched.includes(field))));
    }
  };

  const show = (next: Record<string, string>) => {
    setErrors(next);
    setFormError(next[FORM_ERROR] ?? null);
    showFieldErrors(next, idFor, compact ? null : () => setMoreOpen(true));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    // Saved later, a note without a "when" would get the time it reaches the server: give it now.
    const toCheck = !online && !draft.whenTouched ? { ...draft, when: toDateTimeLocal(new Date()), whenTouched: true } : draft;
    const checked = check(toCheck);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const result = await save(checked.data);
      if (resetOnSave) {
        const fresh = initialDraft();
        setDraft(fresh);
        setSavedPart(unsavedPart(fresh));
        document.getElementById(idFor('what'))?.focus();
      }
      onSaved(result);
    } catch (error) {
      const fieldErrors = observationFieldErrors(issuesFromError(error));
      if (Object.keys(fieldErrors).length > 0) show(fieldErrors);
      else setFormError(failureMessage(serverMessageOf(error)));
    }
  };

  /** What `ObservationFields` takes. */
  const fields: ObservationFieldsProps = {
    idPrefix: prefix,
    draft,
    onChange: change,
    errors,
    compact,
    moreOpen,
    onMoreOpenChange: setMoreOpen,
    disabled: waiting,
  };

  return { fields, formError, handleSubmit, setDraft };
}
