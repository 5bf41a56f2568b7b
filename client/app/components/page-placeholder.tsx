import type { ReactNode } from 'react';

/** The tag the public site puts on a feature still being built, in the app too. */
export function ComingTag() {
  return <p className="w-fit rounded-full bg-sun px-3 py-0.5 text-sm font-semibold text-ink">Coming</p>;
}

/**
 * A screen that is not built yet: its heading, a "Coming" tag, and plain words that it is still being
 * built (as the public site says it), so it never reads as an empty list. No date is promised.
 */
export function PagePlaceholder({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{title}</h1>
        <ComingTag />
      </div>
      <section
        aria-label={`${title}: coming`}
        className="grid max-w-2xl gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-8"
      >
        <p className="text-lg font-semibold text-ink">This part of Trelli is still being built. It does not work yet.</p>
        <p className="text-ink">{description}</p>
        {children}
      </section>
    </div>
  );
}
