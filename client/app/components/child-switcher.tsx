import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { childDisplayName } from '../../lib/child-labels.ts';
import { useChildContext } from '../child-context.tsx';

/** Said of a child whose record another account shared with the signed-in person. */
const SHARED_WITH_YOU = 'Shared with you';

/**
 * Chooses which child the app shows (SPEC §4), when there is more than one; a child shared with the
 * person says so, in the list or, when it is the only child, on its own. Choosing in the list and
 * switching are two steps (WCAG 3.2.2): an arrow key on the select would otherwise rebuild the whole
 * screen for another child. After switching, focus is back on the select.
 */
export function ChildSwitcher() {
  const { children, selectedChild, selectedChildId, selectChild } = useChildContext();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A choice holds only while the selection it was made over is still the app's.
  const [choice, setChoice] = useState<{ childId: number; over: number | null } | null>(null);
  const chosenId = choice !== null && choice.over === selectedChildId ? choice.childId : null;
  const chosen = chosenId !== null && chosenId !== selectedChildId ? children.find((child) => child.id === chosenId) : undefined;
  if (children.length < 2) {
    if (!selectedChild?.sharedWithYou) return null;
    return (
      <p className="flex max-w-full min-w-0 flex-wrap items-center gap-2 text-sm text-ink">
        <span className="font-semibold">{childDisplayName(selectedChild)}</span>
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5">{SHARED_WITH_YOU}</span>
      </p>
    );
  }
  return (
    <div className="flex max-w-full min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Child
      </label>
      <select
        ref={select}
        id={id}
        value={chosen?.id ?? selectedChildId ?? ''}
        onChange={(event) => setChoice({ childId: Number(event.target.value), over: selectedChildId })}
        className="max-w-full min-w-0 rounded-lg border border-ink/25 bg-white px-3 py-2 text-sm text-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800"
      >
        {children.map((child) => (
          <option key={child.id} value={child.id}>
            {child.sharedWithYou ? `${childDisplayName(child)} (${SHARED_WITH_YOU.toLowerCase()})` : childDisplayName(child)}
          </option>
        ))}
      </select>
      {chosen ? (
        <Button
          size="sm"
          // A long name wraps instead of widening the header on a phone.
          className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
          onClick={() => {
            selectChild(chosen.id);
            setChoice(null);
            select.current?.focus();
          }}
        >
          Switch to {childDisplayName(chosen)}
        </Button>
      ) : null}
    </div>
  );
}
