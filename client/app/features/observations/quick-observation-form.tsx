import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Observation } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { toDateTimeLocal } from '../../../lib/dates.ts';
import { FORM_ERROR, issuesFromError } from '../../../lib/field-errors.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { checkNewDraft, emptyDraft, observationFieldErrors, type ObservationDraft } from './observation-draft.ts';
import { ObservationFields, showFieldErrors } from './observation-fields.tsx';
import { useLogObservation } from './use-log-observation.ts';

export interface QuickObservationFormProps {
  /** Called with the saved observation, after the form has reset. */
  onSaved?: (observation: Observation) => void;
  /** Put the cursor in "What happened" when the form appears. */
  autoFocus?: boolean;
  /** Only what, when, where and the win toggle (no "More details"). */
  compact?: boolean;
}

/** How often the pre-filled "now" of an untouched "When" field moves on (ms). */
const NOW_REFRESH_MS = 30_000;

/** The server's words end a sentence of ours: "Child not found" gets its full stop, "...a minute." keeps its own. */
const withFullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Quick capture of an observation for the selected child, on the dashboard and the observations
 * screen: type what happened, Save. When defaults to now, where to home; "This was a win" is one
 * click; everything else waits behind "More details". After saving the form empties and the cursor
 * goes back to "What happened" for the next note; a toast says it was saved.
 */
export function QuickObservationForm({ onSaved, autoFocus = false, compact = false }: QuickObservationFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [draft, setDraft] = useState<ObservationDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const focusWhat = () => document.getElementById(idFor('what'))?.focus();
  const logObservation = useLogObservation();

  useEffect(() => {
    if (autoFocus) document.getElementById(`${prefix}-what`)?.focus();
  }, [autoFocus, prefix]);

  // Keep the pre-filled "now" current while the page stays open (until the parent changes it).
  useEffect(() => {
    const timer = setInterval(() => {
      setDraft((current) => (current.whenTouched ? current : { ...current, when: toDateTimeLocal(new Date()) }));
    }, NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

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
    if (logObservation.isPending) return;
    const checked = checkNewDraft(draft);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const observation = await logObservation.mutateAsync({ data: checked.data });
      setDraft(emptyDraft());
      focusWhat();
      onSaved?.(observation);
    } catch (error) {
      const fieldErrors = observationFieldErrors(issuesFromError(error));
      if (Object.keys(fieldErrors).length > 0) show(fieldErrors);
      else {
        const message = serverMessageOf(error);
        setFormError(
          message
            ? `We could not save this note: ${withFullStop(message)} What you wrote is still here.`
            : 'We could not save this note. What you wrote is still here; please try again.',
        );
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Log an observation" className="grid gap-4">
      <FormAlert>{formError}</FormAlert>
      <ObservationFields
        idPrefix={prefix}
        draft={draft}
        onChange={change}
        errors={errors}
        compact={compact}
        moreOpen={moreOpen}
        onMoreOpenChange={setMoreOpen}
      />
      <div>
        <Button type="submit" loading={logObservation.isPending}>
          Save observation
        </Button>
      </div>
    </form>
  );
}
