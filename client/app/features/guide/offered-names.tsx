/** Names from the record a letter's field offers (the child's teachers for "To"): one press fills the field. */
export function OfferedNames({
  names,
  from,
  fieldLabel,
  onPick,
}: {
  names: readonly string[];
  /** Where the names come from, to read before them: "From Maya's people". */
  from: string;
  fieldLabel: string;
  onPick: (name: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-ink-muted">{from}:</span>
      <ul className="flex flex-wrap gap-2" aria-label={`${from}, for ${fieldLabel}`}>
        {names.map((name) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => onPick(name)}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-800 bg-white px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800 sm:min-h-8"
            >
              <span className="sr-only">{`Use as ${fieldLabel}: `}</span>
              {name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
