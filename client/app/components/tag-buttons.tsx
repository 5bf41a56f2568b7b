export interface TagButtonsProps {
  tags: readonly string[];
  /** Narrow the list to this tag. */
  onSelect: (tag: string) => void;
  /** What a click shows, read before the tag: "Show notes tagged ". */
  actionLabel: string;
  className?: string;
}

/** A record's tags as buttons that filter the list by that tag. */
export function TagButtons({ tags, onSelect, actionLabel, className = 'flex flex-wrap gap-2' }: TagButtonsProps) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={className}>
      {tags.map((tag) => (
        <li key={tag}>
          <button
            type="button"
            onClick={() => onSelect(tag)}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-100 px-3 py-1 text-ink hover:bg-brand-200 focus-visible:outline-3 focus-visible:outline-brand-800 sm:min-h-8"
          >
            <span className="sr-only">{actionLabel}</span>
            {tag}
          </button>
        </li>
      ))}
    </ul>
  );
}
