import { entrySourceLine } from '#shared/record-labels.ts';
import type { Author } from '#shared/schemas/author.ts';
import type { EntrySource } from '#shared/schemas/entry-source.ts';
import { formatMomentDate } from '../../lib/dates.ts';

/**
 * Who added a record and when (decision 0086): "Added by you, Mar 10, 2026", "Added by Sam, Mar 10,
 * 2026"; "Added Mar 10, 2026" when the person's account is gone. `verb` fits the record ("Recorded").
 */
export function addedByText(author: Author, at: string, verb = 'Added'): string {
  const day = formatMomentDate(at);
  if (!author) return `${verb} ${day}`;
  return `${verb} by ${authorName(author)}, ${day}`;
}

/** A known author as the sentence names them: "you", else their name. */
export function authorName(author: NonNullable<Author>): string {
  return author.isYou ? 'you' : author.name;
}

/** The line under a record that says who added it and when. */
export function AddedBy({ author, at, verb, className }: { author: Author; at: string; verb?: string; className?: string }) {
  return (
    <p className={className ?? 'text-sm text-ink-muted'}>
      <time dateTime={at}>{addedByText(author, at, verb)}</time>
    </p>
  );
}

/** Who answered, for a record made from a form answer (decision 0109): "From Ms Lee (teacher), answered Nov 3". */
export function FromAnswer({ source }: { source: EntrySource }) {
  return <p className="text-sm font-medium wrap-anywhere text-brand-800 first-letter:uppercase">{entrySourceLine(source)}</p>;
}
