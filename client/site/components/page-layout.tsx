import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { publicPage, type PublicPageName } from '../paths.ts';

/** The top of a page: its one h1 (from paths.ts), an optional kicker above it and an introduction. */
export function PageHero({
  page,
  kicker,
  children,
  actions,
  className,
}: {
  page: PublicPageName;
  kicker?: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('bg-gradient-to-b from-brand-100 to-white', className)}>
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 md:pt-20">
        {kicker ? <p className="mb-3 text-sm font-bold tracking-wide text-brand-800 uppercase">{kicker}</p> : null}
        <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight text-brand-900 md:text-5xl">{publicPage(page).heading}</h1>
        {children ? <div className="mt-5 max-w-2xl space-y-4 text-lg text-ink-muted">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}

/** A titled band of a page (h2). */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
  className,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'tinted';
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={clsx(tone === 'tinted' && 'bg-brand-50', 'scroll-mt-20', className)}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-brand-900">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-2xl text-lg text-ink-muted">{intro}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

/** The label on a feature that is still being built (see content/feature-status.ts). */
export const COMING_LABEL = 'Coming';

export function ComingTag() {
  return <p className="inline-block rounded-full bg-sun px-3 py-0.5 text-sm font-semibold text-ink">{COMING_LABEL}</p>;
}

/** A card with an h3, for grids of features or promises; `tag` sits beside the title (e.g. ComingTag). */
export function Card({
  id,
  title,
  icon,
  tag,
  children,
  className,
}: {
  id?: string;
  title: string;
  icon?: ReactNode;
  tag?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div id={id} className={clsx('rounded-2xl border border-brand-200 bg-white p-6 shadow-sm', id && 'scroll-mt-20', className)}>
      {icon ? (
        <div aria-hidden="true" className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-brand text-brand-900">
          {icon}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-xl font-semibold text-ink">{title}</h3>
        {tag}
      </div>
      <div className="mt-2 space-y-3 text-ink-muted">{children}</div>
    </div>
  );
}

/** Long-form text (policies, terms): readable measure, spaced headings and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      className={clsx(
        'mx-auto max-w-3xl px-4 py-12 sm:px-6',
        '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900',
        '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
        '[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4',
      )}
    >
      {children}
    </div>
  );
}
