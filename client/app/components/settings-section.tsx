import { useId, type ReactNode } from 'react';

export interface SettingsSectionProps {
  title: string;
  /** The sentence under the title. */
  description: ReactNode;
  /** An anchor for links to the section (`/settings#your-data`). */
  id?: string;
  children: ReactNode;
}

/**
 * One section of /settings: a card with its title and a sentence, named by its title. Long unbroken
 * text (an email address, a child's name) wraps anywhere in it, so no section widens the page on a phone.
 */
export function SettingsSection({ title, description, id, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="grid max-w-2xl gap-5 rounded-2xl border border-ink/10 bg-white p-5 [overflow-wrap:anywhere] sm:p-8"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        <p className="text-ink-muted">{description}</p>
      </div>
      {children}
    </section>
  );
}
