import { cn } from '../../../lib/cn.ts';

/** The star that marks a win: outlined, or filled once it is one. */
export function StarIcon({ filled, className = 'size-5 shrink-0' }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path strokeLinejoin="round" d="M10 2.5l2.3 4.7 5.2.8-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.8L10 2.5z" />
    </svg>
  );
}

/** The one-click "This was a win" toggle (a pressed button). */
export function WinToggle({ pressed, onToggle }: { pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 font-semibold text-ink transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
        pressed ? 'border-brand-800 bg-brand-100' : 'border-ink/25 bg-white hover:bg-brand-50',
      )}
    >
      <span className={pressed ? 'text-brand-800' : 'text-ink-muted'}>
        <StarIcon filled={pressed} />
      </span>
      This was a win
    </button>
  );
}
