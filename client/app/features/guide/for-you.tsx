import { Link } from 'react-router-dom';
import { guideArticlePath } from '#shared/guide.ts';
import type { GuideSuggestion } from '#shared/schemas/guide.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useGuideSuggestions } from './use-guide.ts';

/*
 * "For you": guide articles suggested from the selected child's record (decision 0067). Never in the
 * way: hidden with FLAG_TRELLI_GUIDE_V2 off or no child, a quiet line when the server cannot be
 * reached, and the rest of the screen shows either way.
 */

export const SUGGESTIONS_OFFLINE = 'Suggestions need a connection; the articles still work.';

/** How many suggestions the dashboard card shows. */
export const DASHBOARD_SUGGESTIONS = 2;

function SuggestionList({ suggestions }: { suggestions: readonly GuideSuggestion[] }) {
  return (
    <ul className="grid gap-3">
      {suggestions.map((suggestion) => (
        <li key={suggestion.key} className="grid gap-0.5">
          <Link to={guideArticlePath(suggestion.slug)} className="font-semibold text-brand-800 underline underline-offset-4">
            {suggestion.title}
          </Link>
          <span className="text-sm text-ink-muted">{suggestion.reason}</span>
          {suggestion.action ? (
            <Link to={suggestion.action.path} className="w-fit text-sm font-semibold text-brand-800 underline underline-offset-4">
              {suggestion.action.label}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The guide screen's "For you" section. */
export function ForYouSection() {
  const { enabled, query, child } = useGuideSuggestions();
  if (!enabled || !child) return null;
  const unreachable = query.isError || (query.isPending && query.fetchStatus === 'paused');
  if (query.isSuccess && query.data.length === 0) return null;

  return (
    <section aria-labelledby="guide-for-you" className="grid gap-3 rounded-2xl border border-brand-300 bg-brand-50 p-5">
      <h2 id="guide-for-you" className="text-xl font-bold text-ink">
        For you and {child.firstName}
      </h2>
      {unreachable ? (
        <p className="text-sm text-ink-muted">{SUGGESTIONS_OFFLINE}</p>
      ) : query.isPending ? (
        <Spinner size="small" label="Loading suggestions" showLabel />
      ) : (
        <SuggestionList suggestions={query.data ?? []} />
      )}
    </section>
  );
}

/** The dashboard's "For you" card: the two most pressing suggestions, or nothing at all. */
export function ForYouCard() {
  const { enabled, query } = useGuideSuggestions();
  const suggestions = query.data?.slice(0, DASHBOARD_SUGGESTIONS) ?? [];
  if (!enabled || suggestions.length === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-for-you"
      className="grid content-start gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm"
    >
      <h2 id="dashboard-for-you" className="text-xl font-bold text-ink">
        For you
      </h2>
      <SuggestionList suggestions={suggestions} />
      <Link to={PATHS.guide} className="w-fit text-sm font-semibold text-brand-800 underline underline-offset-4">
        See the guide
      </Link>
    </section>
  );
}
