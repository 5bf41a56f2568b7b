import { useCallback, useEffect, useState } from 'react';
import type { Form } from '#shared/schemas/form.ts';
import { useOnline } from '../../hooks/use-online.ts';
import { draftOf, draftProblems, sameForm, updateOf, type FormDraft } from './form-draft.ts';
import { failureText, useUpdateForm } from './use-forms.ts';

/** How long the editor waits after the last change before it saves (FLAG_DEBOUNCED_AUTOSAVE on). */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * - `unsaved`: changes not sent yet (a Save button waits for them, or autosave's pause runs)
 * - `invalid`: changes that cannot be saved until what is marked is fixed
 * - `saving`, `saved`, `failed` (the changes are kept; retry), `offline` (kept, sent when back)
 */
export type SaveStatus = 'idle' | 'unsaved' | 'invalid' | 'saving' | 'saved' | 'failed' | 'offline';

/**
 * Saving the editor's draft: debounced while `autosave` (only changes the server will take, so a blank
 * question waits), else when `save()` is called. A failed or offline save loses nothing: the draft is
 * the editor's own state, and the last saved copy is only what "unsaved" is measured against.
 */
export function useFormSave({
  form,
  draft,
  autosave,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  form: Form;
  draft: FormDraft;
  autosave: boolean;
  delayMs?: number;
}) {
  const update = useUpdateForm();
  const online = useOnline();
  const [saved, setSaved] = useState<FormDraft>(() => draftOf(form));
  const [savedOnce, setSavedOnce] = useState(false);
  const [failure, setFailure] = useState<{ sent: FormDraft; message: string } | null>(null);

  const problems = draftProblems(draft);
  const valid = Object.keys(problems).length === 0;
  const dirty = !sameForm(draft, saved);
  const failedThis = failure !== null && sameForm(failure.sent, draft);
  const { mutate, isPending, isPaused } = update;

  const save = useCallback(
    (sending: FormDraft): boolean => {
      if (Object.keys(draftProblems(sending)).length > 0) return false;
      setFailure(null);
      mutate(
        { id: form.id, data: updateOf(sending) },
        {
          onSuccess: () => {
            setSaved(sending);
            setSavedOnce(true);
          },
          onError: (error) => setFailure({ sent: sending, message: failureText(error) }),
        },
      );
      return true;
    },
    [form.id, mutate],
  );

  // Autosave: a pause after the last change, then one save; changes made while it is on the way wait for it.
  useEffect(() => {
    if (!autosave || !dirty || !valid || isPending || failedThis) return;
    const timer = setTimeout(() => save(draft), delayMs);
    return () => clearTimeout(timer);
  }, [autosave, dirty, valid, isPending, failedThis, save, delayMs, draft]);

  let status: SaveStatus;
  if (isPaused || (!online && (dirty || isPending))) status = 'offline';
  else if (isPending) status = 'saving';
  else if (failedThis) status = 'failed';
  else if (dirty) status = valid ? 'unsaved' : 'invalid';
  else status = savedOnce ? 'saved' : 'idle';

  return { status, dirty, problems, valid, save: () => save(draft), failure: failedThis ? failure.message : null };
}
