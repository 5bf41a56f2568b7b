import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What it turns on, read as the switch's name. */
  label: string;
  /** A sentence under the label, read as the switch's description. */
  description?: string;
  disabled?: boolean;
}

/** An on/off switch (a button with role "switch") with its label and description beside it; the whole row is 44 px tall at least. */
export function Switch({ checked, onChange, label, description, disabled = false }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex min-h-11 items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <span id={labelId} className="font-semibold text-ink">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="text-sm text-ink-muted">
            {description}
          </span>
        ) : null}
      </div>
      <SwitchButton
        checked={checked}
        onChange={onChange}
        labelledBy={labelId}
        describedBy={description ? descriptionId : undefined}
        disabled={disabled}
        className="-mt-1.5"
      />
    </div>
  );
}

/** The switch itself (a button with role "switch"), named by the element `labelledBy` points at. */
export function SwitchButton({
  checked,
  onChange,
  labelledBy,
  describedBy,
  disabled = false,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      // The button is 44 px tall for a finger; the track drawn inside it is 28.
      className={cn(
        'inline-flex h-11 w-12 shrink-0 items-center rounded-full disabled:opacity-60',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors',
          checked ? 'border-brand-800 bg-brand-800' : 'border-ink-muted bg-white',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full transition-transform',
            checked ? 'translate-x-5 bg-white' : 'translate-x-0.5 bg-ink-muted',
          )}
        />
      </span>
    </button>
  );
}
