import { useEffect, useId, useState } from 'react';
import { observationActions, type Observation } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { formatRecentDateTime } from '../../../lib/dates.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { checkEditedDraft, draftFromObservation } from './observation-draft.ts';
import { ObservationFields } from './observation-fields.tsx';
import { DETAIL_LABELS, MOOD_LABELS, SETTING_LABELS } from './observation-labels.ts';
import { useObservationForm } from './use-observation-form.ts';
import { useDeleteObservation, useUpdateObservation } from './use-observations.ts';
import { StarIcon } from './win-toggle.tsx';
import { TagButtons } from '../../components/tag-buttons.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { AddedBy, FromAnswer } from '../../components/added-by.tsx';
import { ChildTag } from '../../components/every-child-switch.tsx';

const focusById = (id: string) => document.getElementById(id)?.focus();

function WinBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
      <StarIcon filled className="size-4" />
      Win
    </span>
  );
}

function EditObservationForm({ observation, onDone }: { observation: Observation; onDone: () => void }) {
  const update = useUpdateObservation();
  const form = useObservationForm({
    initialDraft: () => draftFromObservation(observation),
    check: checkEditedDraft,
    save: (data) => update.mutateAsync({ id: observation.id, data }),
    isPending: update.isPending,
    onSaved: onDone,
    failureMessage: (message) =>
      message ? `We could not save the changes: ${message}` : 'We could not save the changes. Please try again.',
    autoFocus: true,
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-label="Edit observation" className="grid gap-4">
      <FormAlert>{form.formError}</FormAlert>
      <ObservationFields {...form.fields} />
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={update.isPending} what="edit" />
        <SubmitButton pending={update.isPending}>Save changes</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export interface ObservationItemProps {
  observation: Observation;
  /** In a list across children: the child the note is about (decision 0098). */
  childName?: string;
  goalTitle: string | undefined;
  /** Narrow the list to a tag (a click on one of the note's tags). */
  onTagSelect: (tag: string) => void;
  /** Called after the note was deleted, to put keyboard focus somewhere that still exists. */
  onDeleted: () => void;
}

/** One note in the list: when, where, win, the text and details, tags, goal; edit in place, delete after a confirm. */
export function ObservationItem({ observation, childName, goalTitle, onTagSelect, onDeleted }: ObservationItemProps) {
  const prefix = useId();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const remove = useDeleteObservation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const editButtonId = `${prefix}-edit`;
  const deleteButtonId = `${prefix}-delete`;
  const keepButtonId = `${prefix}-keep`;

  useEffect(() => {
    if (mode === 'confirm-delete') focusById(keepButtonId);
  }, [mode, keepButtonId]);

  const backToView = (focusId: string) => {
    setMode('view');
    setDeleteError(null);
    requestAnimationFrame(() => focusById(focusId));
  };

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync({ id: observation.id });
      onDeleted();
    } catch (error) {
      const message = serverMessageOf(error);
      setDeleteError(message ? `We could not delete it: ${message}` : 'We could not delete it. Please try again.');
    }
  };

  if (mode === 'edit') {
    return (
      <li className="rounded-2xl border-2 border-brand-800 bg-white p-4">
        <EditObservationForm observation={observation} onDone={() => backToView(editButtonId)} />
      </li>
    );
  }

  const when = formatRecentDateTime(observation.occurredAt);
  const details = DETAIL_LABELS.map(([field, label]) => [label, observation[field]] as const).filter(([, text]) => text);

  return (
    <li className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {childName ? <ChildTag name={childName} /> : null}
        <time dateTime={observation.occurredAt} className="font-semibold text-ink">
          {when}
        </time>
        <span className="text-ink-muted">
          <span aria-hidden="true">· </span>
          {SETTING_LABELS[observation.setting]}
        </span>
        {observation.isWin ? <WinBadge /> : null}
      </div>
      <p className="whitespace-pre-line text-ink">{observation.what}</p>
      {details.length > 0 ? (
        <dl className="grid gap-1 text-sm">
          {details.map(([label, text]) => (
            <div key={label} className="flex flex-wrap gap-x-2">
              <dt className="font-semibold text-ink">{label}:</dt>
              <dd className="text-ink">{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {observation.mood !== null || goalTitle || observation.tags.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink">
          {observation.mood !== null ? (
            <span>
              <span className="font-semibold">Mood:</span> {observation.mood} · {MOOD_LABELS[observation.mood]}
            </span>
          ) : null}
          {goalTitle ? (
            <span>
              <span className="font-semibold">Goal:</span> {goalTitle}
            </span>
          ) : null}
          <TagButtons tags={observation.tags} onSelect={onTagSelect} actionLabel="Show notes tagged " />
        </div>
      ) : null}
      {observation.source ? <FromAnswer source={observation.source} /> : null}
      <AddedBy author={observation.addedBy} at={observation.createdAt} />
      {mode === 'confirm-delete' ? (
        <fieldset className="grid gap-3 rounded-xl border border-red-700/40 bg-red-50 p-3">
          <legend className="float-left font-semibold text-red-900">Delete this observation? This cannot be undone.</legend>
          {deleteError ? (
            <p role="alert" className="text-sm text-red-900">
              {deleteError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button variant="destructive" size="sm" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Yes, delete
            </Button>
            <Button id={keepButtonId} variant="ghost" size="sm" onClick={() => backToView(deleteButtonId)}>
              Keep it
            </Button>
          </div>
        </fieldset>
      ) : (
        <RoleGate action={observationActions.update}>
          <div className="flex flex-wrap gap-2">
            {/* A note from a form answer stays as it was answered (decision 0109): it can be deleted, not edited. */}
            {observation.source ? null : (
              <Button id={editButtonId} variant="outline" size="sm" onClick={() => setMode('edit')}>
                Edit<span className="sr-only"> the note from {when}</span>
              </Button>
            )}
            <RoleGate action={observationActions.delete}>
              <Button id={deleteButtonId} variant="ghost" size="sm" onClick={() => setMode('confirm-delete')}>
                Delete<span className="sr-only"> the note from {when}</span>
              </Button>
            </RoleGate>
          </div>
        </RoleGate>
      )}
    </li>
  );
}
