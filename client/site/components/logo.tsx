import { clsx } from 'clsx';

export type LogoTone = 'light' | 'dark';

/**
 * Trelli's mark: a sprout climbing a trellis, on a rounded tile of the brand colour.
 * `tone="dark"` is for dark backgrounds. Decorative unless `title` is given.
 */
export function LogoMark({ tone = 'light', title, className }: { tone?: LogoTone; title?: string; className?: string }) {
  const tile = tone === 'light' ? '#B5D5D0' : '#E3F0EE';
  const ink = '#173D39';
  return (
    <svg
      viewBox="0 0 32 32"
      className={clsx('shrink-0', className ?? 'size-8')}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill={tile} />
      <path d="M9 25h14M12 25V13M20 25V13M9 17h14" stroke={ink} strokeOpacity=".35" strokeWidth="1.6" strokeLinecap="round" fill="none" />
      <path d="M16 25V11" stroke={ink} strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 15c-4.2 0-6-2.4-6-6 3.8 0 6 2 6 6zM16 12.5c0-3.4 2-5.5 6-5.5 0 3.6-2 5.5-6 5.5z" fill={ink} />
    </svg>
  );
}

/** The mark and the word "Trelli" (and, optionally, the tagline). */
export function Logo({ tone = 'light', tagline, className }: { tone?: LogoTone; tagline?: string; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark tone={tone} />
      <span className="flex flex-col leading-none">
        <span className={clsx('text-xl font-bold tracking-tight', tone === 'light' ? 'text-brand-900' : 'text-white')}>Trelli</span>
        {tagline ? (
          <span className={clsx('mt-1 text-xs font-medium', tone === 'light' ? 'text-ink-muted' : 'text-brand-100')}>{tagline}</span>
        ) : null}
      </span>
    </span>
  );
}
