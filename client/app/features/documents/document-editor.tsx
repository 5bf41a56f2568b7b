import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DOCUMENT_CATEGORIES, DOCUMENT_LIMITS, type DocumentRecord } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { FORM_ERROR, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { checkDraft, DRAFT_FIELDS, draftFromDocument, TAGS_HINT, withDocumentDate, type DocumentDraft } from './document-draft.ts';
import { CATEGORY_LABELS } from './document-labels.ts';
import { useDocument, useGoalOptions, useUpdateDocument } from './use-documents.ts';
import { VaultDialog } from './vault-dialog.tsx';

function GoalCheckboxes({
  idPrefix,
  value,
  error,
  onChange,
}: {
  idPrefix: string;
  value: number[];
  error?: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const goals = useGoalOptions();
  const list = goals.data ?? [];
  return (
    <fieldset
      id={`${idPrefix}-goalIds`}
      tabIndex={-1}
      className="grid gap-2"
      aria-describedby={error ? `${idPrefix}-goalIds-error` : undefined}
    >
      <legend className="text-sm font-semibold text-ink">
        Evidence for goals <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      {goals.isPending ? <Spinner size="small" label="Loading your goals" showLabel /> : null}
      {goals.isError ? <p className="text-sm text-ink-muted">We could not load the goals just now.</p> : null}
      {goals.isSuccess && list.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No goals yet.{' '}
          <Link to={PATHS.progressPlanner} className="font-medium text-brand-800 underline underline-offset-4">
            Add one in the progress planner
          </Link>{' '}
          to link documents to it.
        </p>
      ) : null}
      {list.map((goal) => (
        <label key={goal.id} className="flex items-start gap-2 text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-brand-800"
            checked={value.includes(goal.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, goal.id] : value.filter((id) => id !== goal.id))}
          />
          <span>{goal.title}</span>
        </label>
      ))}
      {error ? (
        <p id={`${idPrefix}-goalIds-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function EditorForm({ record, onDone }: { record: DocumentRecord; onDone: () => void }) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const update = useUpdateDocument();
  const [draft, setDraft] = useState<DocumentDraft>(() => draftFromDocument(record));
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    document.getElementById(`${prefix}-title`)?.focus();
  }, [prefix]);

  const change = (next: DocumentDraft, field: string) => {
    setDraft(next);
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors, DRAFT_FIELDS, idFor);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ childId: record.childId, id: record.id, data: checked.data });
      onDone();
    } catch (error) {
      const message = serverMessageOf(error);
      const next = submitFailureErrors(
        error,
        message ? `We could not save the changes: ${message}` : 'We could not save the changes. Please try again.',
      );
      setErrors(next);
      focusFirstError(next, DRAFT_FIELDS, idFor);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Details of ${record.title}`} className="grid gap-4">
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <TextField
        id={idFor('title')}
        label="Title"
        value={draft.title}
        limit={DOCUMENT_LIMITS.title}
        error={errors.title}
        onChange={(event) => change({ ...draft, title: event.target.value }, 'title')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id={idFor('category')}
          label="Category"
          value={draft.category}
          error={errors.category}
          onChange={(event) => change({ ...draft, category: event.target.value as DocumentDraft['category'] }, 'category')}
        >
          {DOCUMENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={idFor('documentDate')}
          type="date"
          label="Document date"
          optional
          value={draft.documentDate}
          error={errors.documentDate}
          onChange={(event) => change(withDocumentDate(draft, event.target.value), 'documentDate')}
        />
        <TextField
          id={idFor('schoolYear')}
          label="School year"
          optional
          placeholder="2025-2026"
          hint="Set from the date; change it if needed."
          value={draft.schoolYear}
          error={errors.schoolYear}
          inputMode="numeric"
          onChange={(event) => change({ ...draft, schoolYear: event.target.value, schoolYearTouched: true }, 'schoolYear')}
        />
      </div>
      <TextField
        id={idFor('tags')}
        label="Tags"
        optional
        hint={TAGS_HINT}
        value={draft.tags}
        error={errors.tags}
        autoComplete="off"
        onChange={(event) => change({ ...draft, tags: event.target.value }, 'tags')}
      />
      <TextAreaField
        id={idFor('note')}
        label="Note"
        optional
        value={draft.note}
        limit={DOCUMENT_LIMITS.note}
        error={errors.note}
        onChange={(event) => change({ ...draft, note: event.target.value }, 'note')}
      />
      <GoalCheckboxes
        idPrefix={prefix}
        value={draft.goalIds}
        error={errors.goalIds}
        onChange={(goalIds) => change({ ...draft, goalIds }, 'goalIds')}
      />
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={update.isPending} what="document's details" />
        <SubmitButton pending={update.isPending}>Save details</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The description editor for one document, in a dialog. */
export function DocumentEditorDialog({ documentId, onClose }: { documentId: number; onClose: () => void }) {
  const loaded = useDocument(documentId);
  return (
    <VaultDialog title={loaded.data ? `Details: ${loaded.data.title}` : 'Document details'} onClose={onClose}>
      {loaded.data ? (
        <EditorForm record={loaded.data} onDone={onClose} />
      ) : loaded.isError ? (
        <LoadFailed message="We could not load this document. It may have been deleted." onRetry={() => void loaded.refetch()} />
      ) : (
        <Spinner label="Loading the document" showLabel />
      )}
    </VaultDialog>
  );
}
