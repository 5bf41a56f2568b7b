import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FORM_QUESTION_KINDS, type FormQuestionKind } from '#shared/form-answers.ts';
import { FORM_LIMITS, formActions, type Form } from '#shared/schemas/form.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { mayDo } from '#shared/schemas/roles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { httpStatusOf } from '../../../lib/api-request.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useChildAccess } from '../../child-context.tsx';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate, ViewOnlyNote } from '../../components/child-role.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { OfflineNotice } from '../../components/saving-offline.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { draftOf, newQuestion, QUESTION_KIND_LABELS, type FormDraft, type QuestionDraft } from './form-draft.ts';
import { FormLinksList } from './form-links-list.tsx';
import { FormPreview, ReadOnlyForm } from './form-preview.tsx';
import { QuestionEditor, questionFieldId } from './question-editor.tsx';
import { ShareFormDialog } from './share-form-dialog.tsx';
import { useFormSave, type SaveStatus } from './use-form-save.ts';
import { useChildGoals, useDeleteForm, useForm } from './use-forms.ts';

export const FORM_EDITOR_HEADING_ID = 'form-editor-heading';
const LEAVE_QUESTION = 'You have changes to this form that are not saved. Leave without saving them?';

/** "Saving… / Saved / Could not save — retry", said to a screen reader as it changes. */
function SaveStatusLine({ status, failure, onRetry }: { status: SaveStatus; failure: string | null; onRetry: () => void }) {
  const text: Record<SaveStatus, string> = {
    idle: '',
    unsaved: 'You have changes that are not saved.',
    invalid: 'Not saved yet: fix what is marked.',
    saving: 'Saving…',
    saved: 'Saved',
    failed: `Could not save — ${failure ?? 'please try again.'} Your changes are kept here.`,
    // The offline notice beside it says so (kept here, saved when back).
    offline: '',
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className={status === 'failed' ? 'text-sm font-medium text-red-800' : 'text-sm text-ink-muted'}>
        {text[status]}
      </p>
      {status === 'failed' ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

interface EditFieldsProps {
  draft: FormDraft;
  onDraft: (next: FormDraft) => void;
  goals: Goal[] | undefined;
  problems: Record<string, string>;
  showProblems: boolean;
}

/** Title, intro, the questions (each with its own fields, move and remove) and "Add question". */
function EditFields({ draft, onDraft, goals, problems: allProblems, showProblems }: EditFieldsProps) {
  const id = useId().replaceAll(':', '');
  const [kind, setKind] = useState<FormQuestionKind>('count');
  const [announcement, setAnnouncement] = useState('');
  const problems = showProblems ? allProblems : {};
  const questions = draft.questions;
  const setQuestions = (next: QuestionDraft[]) => onDraft({ ...draft, questions: next });

  const add = () => {
    const question = newQuestion(kind, questions);
    setQuestions([...questions, question]);
    setAnnouncement(`Question ${questions.length + 1} added: ${QUESTION_KIND_LABELS[kind].toLowerCase()}.`);
    focusWhenShown(questionFieldId(question.id, 'prompt'));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setQuestions(next);
    setAnnouncement(`Question ${index + 1} moved ${by < 0 ? 'up' : 'down'}. It is now question ${to + 1} of ${next.length}.`);
    // At the top or the bottom its button turns off: focus goes to the one that still moves it.
    const atEnd = to === 0 || to === next.length - 1;
    focusWhenShown(questionFieldId(moved.id, atEnd ? (to === 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'));
  };
  const remove = (index: number) => {
    const next = questions.filter((_, at) => at !== index);
    setQuestions(next);
    setAnnouncement(`Question ${index + 1} removed.`);
    const after = next[index] ?? next[index - 1];
    focusWhenShown(after ? questionFieldId(after.id, 'prompt') : `${id}-add-kind`);
  };

  return (
    <div className="grid min-w-0 gap-5">
      <TextField
        id="form-title"
        label="Title"
        limit={FORM_LIMITS.title}
        error={problems.title}
        value={draft.title}
        onChange={(event) => onDraft({ ...draft, title: event.target.value })}
      />
      <TextAreaField
        id="form-intro"
        label="Intro"
        optional
        hint="A line from you to the person answering."
        limit={FORM_LIMITS.intro}
        error={problems.intro}
        value={draft.intro}
        onChange={(event) => onDraft({ ...draft, intro: event.target.value })}
      />
      <section aria-labelledby={`${id}-questions`} className="grid min-w-0 gap-4">
        <h2 id={`${id}-questions`} className="text-xl font-bold text-ink">
          Questions
        </h2>
        {questions.length === 0 ? (
          <p className="text-ink-muted">No questions yet. Add one below: a form is sent with one at least.</p>
        ) : null}
        <ol className="grid gap-4">
          {questions.map((question, index) => (
            <li key={question.id} className="min-w-0">
              <QuestionEditor
                question={question}
                index={index}
                count={questions.length}
                goals={goals}
                problems={problems}
                onChange={(changed) => setQuestions(questions.map((each, at) => (at === index ? changed : each)))}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {questions.length < FORM_LIMITS.questions ? (
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 sm:max-w-72">
              <SelectField
                id={`${id}-add-kind`}
                label="Kind of question to add"
                value={kind}
                onChange={(event) => setKind(event.target.value as FormQuestionKind)}
              >
                {FORM_QUESTION_KINDS.map((each) => (
                  <option key={each} value={each}>
                    {QUESTION_KIND_LABELS[each]}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button variant="outline" onClick={add}>
              Add question
            </Button>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">A form has {FORM_LIMITS.questions} questions at most.</p>
        )}
      </section>
    </div>
  );
}

/** The first field with a problem, to focus when Save finds one. */
function firstProblemField(draft: FormDraft, problems: Record<string, string>): string | null {
  if (problems.title) return 'form-title';
  if (problems.intro) return 'form-intro';
  for (const question of draft.questions) {
    for (const field of ['prompt', 'unit', 'scaleLow', 'scaleHigh']) {
      if (problems[`${question.id}.${field}`]) return questionFieldId(question.id, field);
    }
  }
  return null;
}

interface EditingProps {
  form: Form;
  draft: FormDraft;
  onDraft: (next: FormDraft) => void;
  goals: Goal[] | undefined;
  onDirty: (dirty: boolean) => void;
}

/** The editing part for an updater or owner: the fields, the save status, and Save when autosave is off. */
function Editing({ form, draft, onDraft, goals, onDirty }: EditingProps) {
  const autosave = useFeatureFlag('FLAG_DEBOUNCED_AUTOSAVE');
  const [attempted, setAttempted] = useState(false);
  const saving = useFormSave({ form, draft, autosave });
  useUnsavedChangesWarning(saving.dirty);
  // Told to the link back, so leaving with unsaved changes can ask first.
  useEffect(() => onDirty(saving.dirty), [saving.dirty, onDirty]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!saving.save()) {
      const field = firstProblemField(draft, saving.problems);
      if (field) document.getElementById(field)?.focus();
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Change ${form.title}`} className="grid min-w-0 gap-5">
      <EditFields draft={draft} onDraft={onDraft} goals={goals} problems={saving.problems} showProblems={autosave || attempted} />
      <OfflineNotice pending={saving.status === 'offline'} what="form" />
      <div className="flex flex-wrap items-center gap-3">
        {autosave ? null : (
          <Button type="submit" loading={saving.status === 'saving'}>
            Save form
          </Button>
        )}
        <SaveStatusLine status={saving.status} failure={saving.failure} onRetry={() => void saving.save()} />
      </div>
    </form>
  );
}

/** "Back to Snapshots", where forms are listed; asks first when changes are not saved. */
function BackToSnapshots({ dirty = false }: { dirty?: boolean }) {
  return (
    <p>
      <Link
        to={PATHS.snapshots}
        className="font-semibold text-brand-800 underline underline-offset-4"
        onClick={(event) => {
          if (dirty && !window.confirm(LEAVE_QUESTION)) event.preventDefault();
        }}
      >
        Back to Snapshots
      </Link>
    </p>
  );
}

function linksText(form: Form): string {
  const links = form.activeLinks === 1 ? '1 open link' : `${form.activeLinks} open links`;
  const waiting = form.pendingResponses === 1 ? '1 answer waiting for you' : `${form.pendingResponses} answers waiting for you`;
  return form.pendingResponses > 0 ? `${links} · ${waiting} on Snapshots` : links;
}

/** Send to someone (owners): the dialog in place of its button; only once the form has a saved question. */
function SendToSomeone({ form }: { form: Form }) {
  const [open, setOpen] = useState(false);
  const buttonId = `send-form-${form.id}`;
  if (form.questions.length === 0) {
    return <p className="text-sm text-ink-muted">Add a question to send the form to someone.</p>;
  }
  return open ? (
    <ShareFormDialog
      formId={form.id}
      title={form.title}
      onClose={() => {
        setOpen(false);
        focusWhenShown(buttonId);
      }}
    />
  ) : (
    <div className="grid justify-items-start gap-1">
      <Button id={buttonId} onClick={() => setOpen(true)}>
        Send to someone
      </Button>
      <p className="text-sm text-ink-muted">The link sends the form as last saved.</p>
    </div>
  );
}

/** A form opened: its editor (or, for a viewer, the form as it reads), the phone preview, links and delete. */
function Editor({ form, firstName }: { form: Form; firstName: string }) {
  const navigate = useNavigate();
  const { role } = useChildAccess();
  const goals = useChildGoals();
  const remove = useDeleteForm();
  const [draft, setDraft] = useState(() => draftOf(form));
  const [dirty, setDirty] = useState(false);
  const editable = mayDo(role, formActions.update);
  // A viewer reads the form as saved; an editor's preview follows the draft as it is typed.
  const shown = editable ? draft : draftOf(form);

  return (
    <div className="grid min-w-0 gap-6">
      <BackToSnapshots dirty={dirty} />
      <div className="grid gap-1">
        <h1 id={FORM_EDITOR_HEADING_ID} tabIndex={-1} className="text-3xl font-bold wrap-anywhere text-ink">
          {form.title}
        </h1>
        <p className="text-sm text-ink-muted">{linksText(form)}</p>
        <AddedBy author={form.addedBy} at={form.createdAt} />
        <ViewOnlyNote />
      </div>
      <RoleGate action={formActions.share}>
        <SendToSomeone form={form} />
      </RoleGate>
      <div className="grid min-w-0 items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {editable ? (
          <Editing form={form} draft={draft} onDraft={setDraft} goals={goals.data} onDirty={setDirty} />
        ) : (
          <ReadOnlyForm draft={shown} goals={goals.data} firstName={firstName} />
        )}
        {editable ? <FormPreview draft={shown} firstName={firstName} goals={goals.data} /> : null}
      </div>
      <RoleGate action={formActions.links}>
        <FormLinksList formId={form.id} />
      </RoleGate>
      <RoleGate action={formActions.delete}>
        <div>
          <ConfirmDelete
            label="Delete form"
            accessibleName={`Delete form: ${form.title}`}
            question={`Delete “${form.title}”? Its links stop working at once, and answers not yet approved go with it. What you approved stays in the record.`}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync({ id: form.id }).then(() => void navigate(PATHS.snapshots))}
          />
        </div>
      </RoleGate>
    </div>
  );
}

/** The form `formId` of the selected child: loading, offline, not found, failed, or its editor. */
export function FormEditor({ formId, firstName }: { formId: number | null; firstName: string }) {
  const form = useForm(formId);
  if (form.data) return <Editor key={form.data.id} form={form.data} firstName={firstName} />;
  const notFound = formId === null || httpStatusOf(form.error) === 404;
  if (notFound) {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-ink">Form not found</h1>
        <p className="text-ink">We could not find this form. It may have been deleted, or it belongs to another child.</p>
        <BackToSnapshots />
      </div>
    );
  }
  if (form.isError) {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-ink">Edit a form</h1>
        <LoadFailed message="We could not load this form just now." onRetry={() => void form.refetch()} />
        <BackToSnapshots />
      </div>
    );
  }
  if (form.fetchStatus === 'paused') {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-ink">Edit a form</h1>
        <p className="text-ink-muted">You&apos;re offline. The form will show when you&apos;re back online.</p>
      </div>
    );
  }
  return <Spinner size="medium" label="Loading the form" showLabel />;
}
