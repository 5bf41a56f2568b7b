import { useId } from 'react';
import { childDisplayName } from '../../lib/child-labels.ts';
import { useChildContext } from '../child-context.tsx';

/** Chooses which child the app shows (SPEC §4). Shown when there is more than one child. */
export function ChildSwitcher() {
  const { children, selectedChildId, selectChild } = useChildContext();
  const id = useId();
  if (children.length < 2) return null;
  return (
    <div className="flex max-w-full min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Child
      </label>
      <select
        id={id}
        value={selectedChildId ?? ''}
        onChange={(event) => selectChild(Number(event.target.value))}
        className="max-w-full min-w-0 rounded-lg border border-ink/25 bg-white px-3 py-2 text-sm text-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800"
      >
        {children.map((child) => (
          <option key={child.id} value={child.id}>
            {childDisplayName(child)}
          </option>
        ))}
      </select>
    </div>
  );
}
