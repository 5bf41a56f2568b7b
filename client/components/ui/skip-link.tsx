/** The id of each shell's <main>, which the skip link leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first thing a keyboard reaches, hidden until focused. It moves focus into
 * <main> itself (a fragment link alone only scrolls and leaves focus behind in Chrome), so the next
 * Tab continues inside the page. The target needs tabIndex={-1}.
 */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'start' });
      }}
      className="sr-only z-50 rounded-md bg-brand-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-3 focus:outline-offset-2 focus:outline-brand-800"
    >
      Skip to content
    </a>
  );
}
