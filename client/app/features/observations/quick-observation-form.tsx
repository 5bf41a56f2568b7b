import { useEffect } from 'react';
import type { Observation } from '#shared/schemas/observation.ts';
import { toDateTimeLocal } from '../../../lib/dates.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { checkNewDraft, emptyDraft } from './observation-draft.ts';
import { ObservationFields } from './observation-fields.tsx';
import { useLogObservation } from './use-log-observation.ts';
import { useObservationForm } from './use-observation-form.ts';

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
 * goes back to "What happened" for the next note; a toast says it was saved. Offline, the note is kept
 * in the form and saved when the connection is back.
 */
export function QuickObservationForm({ onSaved, autoFocus = false, compact = false }: QuickObservationFormProps) {
  const logObservation = useLogObservation();
  const form = useObservationForm({
    initialDraft: () => emptyDraft(),
    check: checkNewDraft,
    save: (data) => logObservation.mutateAsync({ data }),
    isPending: logObservation.isPending,
    onSaved: (observation) => onSaved?.(observation),
    failureMessage: (message) =>
      message
        ? `We could not save this note: ${withFullStop(message)} What you wrote is still here.`
        : 'We could not save this note. What you wrote is still here; please try again.',
    resetOnSave: true,
    autoFocus,
    compact,
  });
  const { setDraft } = form;

  // Keep the pre-filled "now" current while the page stays open (until the parent changes it).
  useEffect(() => {
    const timer = setInterval(() => {
      setDraft((current) => (current.whenTouched ? current : { ...current, when: toDateTimeLocal(new Date()) }));
    }, NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [setDraft]);

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label="Log an observation" className="grid gap-4">
      <FormAlert>{form.formError}</FormAlert>
      <ObservationFields {...form.fields} />
      <div className="grid gap-3">
        <OfflineNotice pending={logObservation.isPending} what="note" />
        <div>
          <SubmitButton pending={logObservation.isPending}>Save observation</SubmitButton>
        </div>
      </div>
    </form>
  );
}
