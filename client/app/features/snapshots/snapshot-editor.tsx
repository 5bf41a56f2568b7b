import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  RECENT_WINDOWS,
  SNAPSHOT_AUDIENCES,
  SNAPSHOT_AUDIENCE_LABELS,
  SNAPSHOT_LIMITS,
  snapshotActions,
  type RecentWindow,
  type SnapshotAudience,
  type SnapshotPaper,
  type SnapshotWithContent,
} from '#shared/schemas/snapshot.ts';
import { browserPaper, PAPER_LABELS, PAPERS } from '../../../components/snapshot/paper.ts';
import { SnapshotDocument } from '../../../components/snapshot/snapshot-document.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { FormAlert, SelectField, TextField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { SectionList } from './section-list.tsx';
import { ShareDialog } from './share-dialog.tsx';
import {
  draftChanged,
  draftOf,
  previewOf,
  RECENT_WINDOW_LABELS,
  showsRecentObservations,
  snapshotName,
  updateOf,
  type SnapshotDraft,
} from './snapshot-draft.ts';
import { failureText, usePhotoUrl, useSnapshot, useSnapshotMutations, useSnapshotPdf } from './use-snapshots.ts';

export const EDITOR_HEADING_ID = 'snapshot-editor-heading';

/** "Download PDF" (Letter or A4), and "Print" with FLAG_PDF_PRINT_STYLES on (decision 0107). */
function Downloads({ snapshotId, firstName, dirty }: { snapshotId: number; firstName: string; dirty: boolean }) {
  const id = useId().replaceAll(':', '');
  const [paper, setPaper] = useState<SnapshotPaper>(browserPaper);
  const pdf = useSnapshotPdf(firstName);
  const printing = useFeatureFlag('FLAG_PDF_PRINT_STYLES');
  return (
    <div className="grid gap-2 print:hidden">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <SelectField id={`${id}-paper`} label="Paper" value={paper} onChange={(event) => setPaper(event.target.value as SnapshotPaper)}>
            {PAPERS.map((choice) => (
              <option key={choice} value={choice}>
                {PAPER_LABELS[choice]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button
          variant="outline"
          loading={pdf.busy}
          aria-describedby={pdf.error ? `${id}-pdf-error` : undefined}
          onClick={() => void pdf.download(snapshotId, paper)}
        >
          Download PDF
        </Button>
        {printing ? (
          <Button variant="outline" onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </div>
      {dirty ? (
        <p className="text-sm text-ink-muted">The PDF and share links show the saved snapshot. Save to include your changes.</p>
      ) : null}
      {pdf.error ? (
        <p id={`${id}-pdf-error`} className="text-sm font-medium text-red-800">
          {pdf.error}
        </p>
      ) : null}
    </div>
  );
}

/** The choices a person with the updater role changes: title, audience, sections, window, photo; Save. */
function EditForm({
  snapshot,
  draft,
  onDraft,
}: {
  snapshot: SnapshotWithContent;
  draft: SnapshotDraft;
  onDraft: (next: SnapshotDraft) => void;
}) {
  const id = useId().replaceAll(':', '');
  const { update } = useSnapshotMutations();
  const [failed, setFailed] = useState<string | null>(null);
  const set = (change: Partial<SnapshotDraft>) => onDraft({ ...draft, ...change });
  const titleTooLong = draft.title.trim().length > SNAPSHOT_LIMITS.title;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (titleTooLong || draft.sections.some((section) => (section.text?.trim().length ?? 0) > SNAPSHOT_LIMITS.sectionText)) {
      setFailed('Some of the wording is too long. Shorten what is marked, then save.');
      return;
    }
    setFailed(null);
    update.mutate({ id: snapshot.id, data: updateOf(draft) }, { onError: (error) => setFailed(failureText(error)) });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Change ${snapshotName(snapshot)}`} className="grid min-w-0 gap-5 print:hidden">
      <TextField
        id={`${id}-title`}
        label="Title"
        optional
        hint={`Left empty, it is called “${snapshotName({ title: null, audience: draft.audience })}”.`}
        limit={SNAPSHOT_LIMITS.title}
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <SelectField
        id={`${id}-audience`}
        label="Who it is for"
        hint="A doctor and the IEP team also see the diagnoses. The sections stay as you choose them below."
        value={draft.audience}
        onChange={(event) => set({ audience: event.target.value as SnapshotAudience })}
      >
        {SNAPSHOT_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {SNAPSHOT_AUDIENCE_LABELS[audience]}
          </option>
        ))}
      </SelectField>
      <SectionList sections={draft.sections} onChange={(sections) => set({ sections })} />
      {showsRecentObservations(draft) ? (
        <SelectField
          id={`${id}-window`}
          label="Recent observations from"
          hint="The preview shows a new period once the snapshot is saved."
          value={draft.recentWindow}
          onChange={(event) => set({ recentWindow: event.target.value as RecentWindow })}
        >
          {RECENT_WINDOWS.map((window) => (
            <option key={window} value={window}>
              {RECENT_WINDOW_LABELS[window]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <PhotoPicker value={draft.photoDocumentId} onChange={(photoDocumentId) => set({ photoDocumentId })} />
      <FormAlert>{failed}</FormAlert>
      <OfflineNotice pending={update.isPending} what="snapshot" />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={update.isPending}>Save snapshot</SubmitButton>
        {draftChanged(draft, draftOf(snapshot)) ? (
          <>
            <p className="text-sm text-ink-muted">You have changes that are not saved.</p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onDraft(draftOf(snapshot));
                // The button goes with the changes: focus back at the top of the form, not lost.
                focusWhenShown(`${id}-title`);
              }}
            >
              Undo changes
            </Button>
          </>
        ) : null}
      </div>
    </form>
  );
}

interface EditorProps {
  firstName: string;
  onDeleted: () => void;
  /** Told whether the choices on screen are unsaved, so opening another snapshot can ask first. */
  onDirty: (dirty: boolean) => void;
}

/** A snapshot opened: its actions, the editor (updaters) and the live preview of the unsaved choices. */
function Editor({ snapshot, firstName, onDeleted, onDirty }: EditorProps & { snapshot: SnapshotWithContent }) {
  const [draft, setDraft] = useState(() => draftOf(snapshot));
  const [sharing, setSharing] = useState(false);
  const shareButtonId = `share-snapshot-${snapshot.id}`;
  const { remove } = useSnapshotMutations();
  const dirty = draftChanged(draft, draftOf(snapshot));
  useUnsavedChangesWarning(dirty);
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);
  const view = previewOf(snapshot.preview, draft);
  const photoUrl = usePhotoUrl(draft.photoDocumentId);
  const name = snapshotName(snapshot);

  return (
    <section aria-labelledby={EDITOR_HEADING_ID} className="grid min-w-0 gap-6 rounded-2xl border border-brand-700 bg-white p-4 sm:p-6">
      <div className="grid gap-1 print:hidden">
        <h2 id={EDITOR_HEADING_ID} tabIndex={-1} className="text-2xl font-bold wrap-anywhere text-ink">
          {name}
        </h2>
        <p className="text-sm text-ink-muted">For: {SNAPSHOT_AUDIENCE_LABELS[snapshot.audience]}</p>
        <AddedBy author={snapshot.addedBy} at={snapshot.createdAt} />
      </div>
      <Downloads snapshotId={snapshot.id} firstName={firstName} dirty={dirty} />
      <RoleGate action={snapshotActions.share}>
        <div className="grid gap-3 print:hidden">
          {sharing ? (
            <ShareDialog
              snapshotId={snapshot.id}
              name={name}
              onClose={() => {
                setSharing(false);
                focusWhenShown(shareButtonId);
              }}
            />
          ) : (
            <div>
              <Button id={shareButtonId} variant="outline" onClick={() => setSharing(true)}>
                Share by link
              </Button>
            </div>
          )}
        </div>
      </RoleGate>
      <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <RoleGate action={snapshotActions.update}>
          <EditForm snapshot={snapshot} draft={draft} onDraft={setDraft} />
        </RoleGate>
        <section aria-label="Preview" className="grid min-w-0 gap-2">
          <p className="text-sm font-semibold text-ink print:hidden" aria-hidden="true">
            Preview
          </p>
          <div className="min-w-0 rounded-xl border border-ink/10 bg-white p-3 sm:p-5">
            <SnapshotDocument view={view} photoUrl={photoUrl} headingLevel={2} />
          </div>
        </section>
      </div>
      <RoleGate action={snapshotActions.delete}>
        <div className="print:hidden">
          <ConfirmDelete
            label="Delete snapshot"
            accessibleName={`Delete snapshot: ${name}`}
            question={`Delete “${name}”? Its share links stop opening at once.`}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync({ id: snapshot.id }).then(onDeleted)}
          />
        </div>
      </RoleGate>
    </section>
  );
}

/** The snapshot `snapshotId` with its preview, loaded; keyed by snapshot so the choices start from it. */
export function SnapshotEditor({ snapshotId, ...props }: EditorProps & { snapshotId: number }) {
  const snapshot = useSnapshot(snapshotId);
  if (snapshot.data) return <Editor key={snapshot.data.id} snapshot={snapshot.data} {...props} />;
  if (snapshot.isError) {
    return <LoadFailed message="We could not load this snapshot just now." onRetry={() => void snapshot.refetch()} />;
  }
  if (snapshot.fetchStatus === 'paused') {
    return <p className="text-ink-muted">You&apos;re offline. The snapshot will show when you&apos;re back online.</p>;
  }
  return <Spinner size="medium" label="Loading the snapshot" showLabel />;
}
