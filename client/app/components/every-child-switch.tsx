import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useChildContext } from '../child-context.tsx';
import type { EveryChildView } from '../hooks/use-every-child-view.ts';

/**
 * Every child's records, or one child's (decision 0098): a row of buttons, the one shown pressed.
 * Choosing a child selects it, as the header's switcher does; its records are changed there.
 */
export function EveryChildSwitch({ view, label }: { view: EveryChildView; label: string }) {
  const { children, selectedChildId } = useChildContext();
  const labelId = useId();
  if (!view.offered) return null;
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label}
      </span>
      <Button size="sm" variant={view.everyChild ? 'primary' : 'outline'} aria-pressed={view.everyChild} onClick={view.showEveryChild}>
        Every child
      </Button>
      {children.map((child) => {
        const shown = !view.everyChild && child.id === selectedChildId;
        return (
          <Button
            key={child.id}
            size="sm"
            variant={shown ? 'primary' : 'outline'}
            // A long name wraps instead of widening the row on a phone.
            className="h-auto text-left whitespace-normal"
            aria-pressed={shown}
            onClick={() => view.showChild(child.id)}
          >
            {child.firstName}
          </Button>
        );
      })}
    </div>
  );
}

/** The child a record of a list across children is about, named at the top of its card. */
export function ChildTag({ name }: { name: string }) {
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold break-words text-brand-900">
      <span className="sr-only">About </span>
      {name}
    </span>
  );
}
