import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Child } from '#shared/schemas/child.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { OfflineNotice } from '../../components/saving-offline.tsx';
import { useDeleteChild } from './use-child-mutations.ts';

/** True when what was typed is the child's first name (spaces around it and letter case aside). */
export function confirmsFirstName(typed: string, firstName: string): boolean {
  return typed.trim().toLocaleLowerCase() === firstName.trim().toLocaleLowerCase();
}

/**
 * Deleting a child's profile: a button that opens a warning saying what goes with it, and deletes
 * only once the child's first name is typed (decision 0058).
 */
export function DeleteChild({ child }: { child: Child }) {
  const inputId = useId();
  const warningId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteChild();
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (wasOpen.current) triggerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <button
        ref={triggerRef}
        type="button"
        aria-label={`Delete profile: ${child.firstName}`}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'text-red-800 hover:bg-red-50' })}
        onClick={() => setOpen(true)}
      >
        Delete profile
      </button>
    );
  }

  const matches = confirmsFirstName(typed, child.firstName);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: child.id });
    } catch (failure) {
      setError(serverMessageOf(failure) ?? 'We could not delete this profile. Please try again.');
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Delete ${child.firstName}\u2019s profile`}
      className="grid basis-full gap-3 rounded-xl border border-red-700/40 bg-red-50 p-4"
    >
      <p id={warningId} className="text-red-950">
        This deletes {child.firstName}&rsquo;s profile and everything recorded for {child.firstName}: observations, goals and progress,
        strategies, the roadmap, documents, medications and people. Everyone {child.firstName} is shared with loses it too. A data export
        made before now holds {child.firstName}&rsquo;s records, so it is withdrawn and deleted too. It cannot be undone.
      </p>
      <FormAlert>{error}</FormAlert>
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold text-ink">
          Type {child.firstName} to confirm
        </label>
        <input
          ref={inputRef}
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          aria-describedby={warningId}
          className="block w-full max-w-xs rounded-lg border border-ink/25 bg-white px-3 py-2.5 text-base text-ink focus-visible:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <OfflineNotice pending={remove.isPending} what="request to delete" />
        <Button type="submit" variant="destructive" disabled={!matches} loading={remove.isPending}>
          Delete {child.firstName}&rsquo;s profile
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setTyped('');
            setOpen(false);
          }}
        >
          Keep it
        </Button>
      </div>
    </form>
  );
}
