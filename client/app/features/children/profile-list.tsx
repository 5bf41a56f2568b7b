import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import type { Author } from '#shared/schemas/author.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';

/** An item of the list: each says who added it and when (decision 0086). */
export interface ListedItem {
  id: number;
  addedBy: Author;
  createdAt: string;
}

/** A list query as the list reads it. */
export interface ListQuery<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** 'paused': offline before the first answer came. */
  fetchStatus: string;
  refetch: () => unknown;
}

export interface ProfileListProps<T extends ListedItem> {
  /** "Medications", "People". */
  title: string;
  query: ListQuery<T>;
  emptyText: string;
  /** "Add a medication". */
  addLabel: string;
  /** The person's role allows adding (an updater or an owner). */
  canAdd: boolean;
  renderItem: (item: T) => ReactNode;
  renderForm: (onDone: () => void) => ReactNode;
}

/** One of a child's lists in Settings (medications, people): loading, offline, failed, empty, or the items; with "Add" for those allowed. */
export function ProfileList<T extends ListedItem>({
  title,
  query,
  emptyText,
  addLabel,
  canAdd,
  renderItem,
  renderForm,
}: ProfileListProps<T>) {
  const [adding, setAdding] = useState(false);
  const lower = title.toLowerCase();

  let body: ReactNode;
  if (query.data) {
    body =
      query.data.length === 0 ? (
        <p className="text-ink-muted">{emptyText}</p>
      ) : (
        <ul className="grid gap-3">
          {query.data.map((item) => (
            <li key={item.id}>
              {renderItem(item)}
              <AddedBy author={item.addedBy} at={item.createdAt} />
            </li>
          ))}
        </ul>
      );
  } else if (query.isError) {
    body = <LoadFailed message={`We could not load the ${lower} just now.`} onRetry={() => void query.refetch()} />;
  } else if (query.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The {lower} will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label={`Loading ${lower}`} showLabel />;
  }

  return (
    // Not a landmark: each child has one of each list, and landmarks' names must differ.
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-lg font-semibold text-ink">{title}</h4>
        {canAdd && !adding ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        ) : null}
      </div>
      {adding ? <div className="rounded-xl border border-brand-700 p-4">{renderForm(() => setAdding(false))}</div> : null}
      {body}
    </div>
  );
}

export interface ProfileItemProps {
  /** The record's name: "Melatonin", "Ms. Rivera". */
  name: string;
  /** What the record is, for the buttons' names: "medication", "person". */
  noun: string;
  /** A word shown beside the name ("Stopped", "Teacher"). */
  badge?: string | undefined;
  children: ReactNode;
  canEdit: boolean;
  canRemove: boolean;
  removing: boolean;
  onRemove: () => Promise<unknown>;
  renderForm: (onDone: () => void) => ReactNode;
}

/** A medication or a person in a child's list: what is known, with Edit and Remove for those allowed. */
export function ProfileItem({ name, noun, badge, children, canEdit, canRemove, removing, onRemove, renderForm }: ProfileItemProps) {
  const [editing, setEditing] = useState(false);
  if (editing) return <div className="rounded-xl border border-brand-700 p-4">{renderForm(() => setEditing(false))}</div>;
  return (
    <article aria-label={name} className="grid gap-2 rounded-xl border border-ink/10 p-4">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{name}</span>
        {badge ? <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm text-ink">{badge}</span> : null}
      </p>
      <div className="grid gap-1 text-ink">{children}</div>
      {canEdit || canRemove ? (
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <Button size="sm" variant="ghost" aria-label={`Edit ${noun}: ${name}`} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {canRemove ? (
            <ConfirmDelete
              label="Remove"
              confirmLabel="Remove"
              accessibleName={`Remove ${noun}: ${name}`}
              question={`Remove ${name}?`}
              pending={removing}
              onConfirm={onRemove}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
