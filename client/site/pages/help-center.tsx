import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHero } from '../components/page-layout.tsx';
import { HELP_ARTICLES, filterHelpArticles, type HelpArticle } from '../content/help-articles.ts';

function groupByTopic(articles: readonly HelpArticle[]): Array<[string, HelpArticle[]]> {
  const groups = new Map<string, HelpArticle[]>();
  for (const article of articles) {
    const group = groups.get(article.topic);
    if (group) group.push(article);
    else groups.set(article.topic, [article]);
  }
  return [...groups];
}

export default function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const matches = filterHelpArticles(HELP_ARTICLES, query);
  const searching = query.trim().length > 0;
  const summary = searching
    ? `${matches.length} of ${HELP_ARTICLES.length} questions match “${query.trim()}”.`
    : `${HELP_ARTICLES.length} questions and answers.`;

  return (
    <>
      <PageHero page="help-center" kicker="Support">
        <p>Quick answers to the questions families ask us most. Type a word or two to find what you need.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <search>
          <label htmlFor={searchId} className="block font-semibold text-ink">
            Search the Help Center
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="For example: goals, delete, password"
            autoComplete="off"
            className="mt-1.5 block w-full rounded-lg border border-ink-muted/60 bg-white px-4 py-3 text-lg text-ink shadow-sm placeholder:text-ink-muted focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-800"
          />
        </search>
        <output aria-live="polite" className="mt-3 block text-ink-muted">
          {summary}
        </output>

        {matches.length === 0 ? (
          <div className="mt-8 rounded-2xl bg-brand-50 p-6">
            <h2 className="text-xl font-bold text-brand-900">No answers match your search</h2>
            <p className="mt-2">
              Try different words, or{' '}
              <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-4">
                ask us directly
              </Link>
              . A real person replies within two working days.
            </p>
          </div>
        ) : (
          groupByTopic(matches).map(([topic, articles]) => (
            <section key={topic} aria-label={topic} className="mt-10">
              <h2 className="text-2xl font-bold text-brand-900">{topic}</h2>
              <div className="mt-4 space-y-3">
                {articles.map((article) => (
                  <details
                    key={article.id}
                    id={article.id}
                    open={searching || undefined}
                    className="group rounded-xl border border-brand-200 bg-white p-5 open:bg-brand-50"
                  >
                    <summary className="flex cursor-pointer list-none items-start justify-between gap-4 text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
                      <span>{article.question}</span>
                      <span aria-hidden="true" className="mt-0.5 text-brand-800 transition-transform group-open:rotate-45">
                        +
                      </span>
                    </summary>
                    <p className="mt-3 text-ink">{article.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          ))
        )}
      </div>
    </>
  );
}
