import type { ReactNode } from 'react';

/** A feature screen's first version: its heading and a calm note about what it will hold. */
export function PagePlaceholder({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <section
        aria-label={`${title}: coming soon`}
        className="grid max-w-2xl gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-8"
      >
        <p className="text-lg text-ink">{description}</p>
        <p className="text-ink-muted">Nothing here yet. When this screen is ready, it will appear here.</p>
        {children}
      </section>
    </div>
  );
}
