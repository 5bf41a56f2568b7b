import { clsx } from 'clsx';

/*
 * Uses clsx, not cn: the public site shows this spinner on first load and must not download
 * tailwind-merge for it. The classes below never conflict; `className` adds layout classes.
 */

/** SPEC §9: the spinner comes in three sizes. */
export const SPINNER_SIZES = ['small', 'medium', 'large'] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

/** SPEC §2: the text shown while a screen loads. */
export const LOADING_TEXT = 'Loading...';

const sizeClasses: Record<SpinnerSize, string> = {
  small: 'size-4 border-2',
  medium: 'size-8 border-[3px]',
  large: 'size-12 border-4',
};

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers (and shown when `showLabel` is set). */
  label?: string;
  /** Show the label as visible text beside the spinner. */
  showLabel?: boolean;
  /** `brand` (default) draws the ring in the brand's deep teal; `current` uses the text colour around it. */
  tone?: 'brand' | 'current';
  /** Extra classes for the wrapper (margins, alignment). */
  className?: string;
}

/** A ring that turns while something loads. An `<output>` (role status): screen readers hear the label politely. */
export function Spinner({ size = 'medium', label = LOADING_TEXT, showLabel = false, tone = 'brand', className }: SpinnerProps) {
  return (
    <output aria-live="polite" data-size={size} className={clsx('inline-flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
          tone === 'brand' && 'text-brand-800',
          sizeClasses[size],
        )}
      />
      <span className={showLabel ? 'text-sm text-ink-muted' : 'sr-only'}>{label}</span>
    </output>
  );
}

/** A spinner centred in the space a page would take, with the visible "Loading..." text. */
export function PageSpinner({ size = 'large', label = LOADING_TEXT }: { size?: SpinnerSize; label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8">
      <Spinner size={size} label={label} showLabel />
    </div>
  );
}
