import { useId, useState, type KeyboardEvent } from 'react';
import { CHILD_LIMITS } from '#shared/schemas/child.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { CharacterCount, limitDescribedBy } from '../../components/form-field.tsx';
import { useCharacterLimit } from '../../hooks/use-character-limit.ts';
import { addChip, removeChip } from './onboarding-steps.ts';

export interface ChipFieldProps {
  id: string;
  label: string;
  /** What one item is called, for "Add another strength". */
  itemName: string;
  value: readonly string[];
  onChange(next: string[]): void;
  suggestions: readonly string[];
  hint?: string | undefined;
  error?: string | undefined;
}

const chipClasses =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors sm:min-h-9 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800';

/**
 * A list of short items picked with a tap: quick picks (and the parent's own additions) are toggle
 * buttons, and a small input adds anything else with Enter or "Add".
 */
export function ChipField({ id, label, itemName, value, onChange, suggestions, hint, error }: ChipFieldProps) {
  const [draft, setDraft] = useState('');
  const inputId = `${id}-input`;
  const limit = useCharacterLimit(draft, CHILD_LIMITS.listItemLength);
  const hintId = useId();
  const lower = new Set(value.map((item) => item.toLowerCase()));
  const own = value.filter((item) => !suggestions.some((suggestion) => suggestion.toLowerCase() === item.toLowerCase()));
  const options = [...suggestions, ...own];

  const toggle = (item: string) => {
    const chosen = value.find((existing) => existing.toLowerCase() === item.toLowerCase());
    onChange(chosen ? removeChip(value, chosen) : addChip(value, item));
  };

  const add = () => {
    if (draft.trim() === '' || limit.overMessage) return;
    onChange(addChip(value, draft));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset id={id} tabIndex={-1} className="grid gap-2" aria-describedby={error ? `${id}-error` : hint ? hintId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">
        {label}
        <span className="ml-1 font-normal text-ink-muted">(optional)</span>
      </legend>
      {hint && !error ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-2" aria-label={`${label}: quick picks`}>
        {options.map((item) => {
          const on = lower.has(item.toLowerCase());
          return (
            <li key={item}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => toggle(item)}
                className={cn(
                  chipClasses,
                  on ? 'border-brand-800 bg-brand-800 text-white' : 'border-ink/25 bg-white text-ink hover:bg-brand-50',
                )}
              >
                {on ? <span aria-hidden="true">✓</span> : null}
                {item}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-48 flex-1 gap-1">
          <label htmlFor={inputId} className="text-sm text-ink-muted">
            Add another {itemName}
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            aria-invalid={error || limit.overMessage ? true : undefined}
            aria-describedby={limitDescribedBy(inputId, limit)}
            className="block w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-base text-ink focus-visible:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800"
          />
          <CharacterCount id={inputId} limit={limit} />
        </div>
        <Button variant="outline" size="sm" className="h-11" onClick={add} aria-label={`Add ${itemName}`}>
          Add
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
