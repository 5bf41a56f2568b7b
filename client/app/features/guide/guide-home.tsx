import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { GUIDE_THEME_LABELS, GUIDE_THEMES, type GuideArticleSummary, type GuideTemplate, type GuideTheme } from '#shared/guide.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { ArticleList, TemplateList } from './guide-cards.tsx';
import { guideContentLoader, useGuideContent, type GuideContentLoader } from './guide-content-loader.ts';
import { createGuideSearch } from './guide-search.ts';
import { ForYouSection } from './for-you.tsx';

/*
 * /guide: search first, then "For you", the articles by theme (FLAG_TRELLI_GUIDE_THEMES_V1) or A-Z,
 * and the letters to fill in. The query (`?q=`) and the chosen theme (`?theme=`) live in the URL,
 * so Back from an article returns to the same list.
 */

const isTheme = (value: string | null): value is GuideTheme => (GUIDE_THEMES as readonly string[]).includes(value ?? '');

const byTitle = (a: GuideArticleSummary, b: GuideArticleSummary) => a.title.localeCompare(b.title);

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function resultCount(count: number, query: string): string {
  if (count === 0) return `No articles match \u201c${query}\u201d.`;
  return `${count} ${count === 1 ? 'article matches' : 'articles match'} \u201c${query}\u201d.`;
}

function themeHref(theme: GuideTheme | null): string {
  return theme ? `${PATHS.guide}?theme=${theme}` : PATHS.guide;
}

/** Chips that show one theme's articles (or all), kept in `?theme=`. */
function ThemeChips({ current }: { current: GuideTheme | null }) {
  const chip = (active: boolean) =>
    cn(
      'inline-flex min-h-11 items-center rounded-full border px-4 py-1.5 text-sm font-semibold no-underline sm:min-h-0',
      active ? 'border-brand-800 bg-brand-800 text-white' : 'border-ink/20 bg-white text-ink hover:border-brand-800',
    );
  return (
    <nav aria-label="Themes">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={themeHref(null)} className={chip(current === null)} aria-current={current === null ? 'page' : undefined}>
            All themes
          </Link>
        </li>
        {GUIDE_THEMES.map((theme) => (
          <li key={theme}>
            <Link to={themeHref(theme)} className={chip(current === theme)} aria-current={current === theme ? 'page' : undefined}>
              {GUIDE_THEME_LABELS[theme]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Themes on: a section per theme (or the one chosen). */
function ThemeSections({ articles, current }: { articles: readonly GuideArticleSummary[]; current: GuideTheme | null }) {
  const themes = current ? [current] : GUIDE_THEMES.filter((theme) => articles.some((article) => article.theme === theme));
  return (
    <div className="grid gap-8">
      <ThemeChips current={current} />
      {themes.map((theme) => (
        <section key={theme} id={`theme-${theme}`} aria-labelledby={`guide-theme-${theme}`} className="grid gap-4">
          <h2 id={`guide-theme-${theme}`} className="text-2xl font-bold text-ink">
            {GUIDE_THEME_LABELS[theme]}
          </h2>
          <ArticleList articles={articles.filter((article) => article.theme === theme).sort(byTitle)} className={GRID} />
        </section>
      ))}
    </div>
  );
}

/** Themes off: one list, A to Z. */
function AllArticles({ articles }: { articles: readonly GuideArticleSummary[] }) {
  return (
    <section aria-labelledby="guide-all" className="grid gap-4">
      <h2 id="guide-all" className="text-2xl font-bold text-ink">
        All articles, A to Z
      </h2>
      <ArticleList articles={[...articles].sort(byTitle)} className={GRID} />
    </section>
  );
}

function Templates({ templates }: { templates: readonly GuideTemplate[] }) {
  if (templates.length === 0) return null;
  return (
    <section aria-labelledby="guide-templates" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="guide-templates" className="text-2xl font-bold text-ink">
          Letters you can fill in
        </h2>
        <p className="text-ink-muted">Start from your child&apos;s record, change anything, then download a PDF or copy the text.</p>
      </div>
      <TemplateList templates={templates} className={GRID} />
    </section>
  );
}

function NoResults({ themes }: { themes: boolean }) {
  return (
    <div className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-5">
      <p className="text-ink">Try fewer words, or another way of saying it.</p>
      {themes ? (
        <nav aria-label="Browse by theme" className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="text-ink-muted">Or browse a theme:</span>
          {GUIDE_THEMES.map((theme) => (
            <Link key={theme} to={themeHref(theme)} className="font-semibold text-brand-800 underline underline-offset-4">
              {GUIDE_THEME_LABELS[theme]}
            </Link>
          ))}
        </nav>
      ) : (
        <Link to={PATHS.guide} className="w-fit font-semibold text-brand-800 underline underline-offset-4">
          See every article
        </Link>
      )}
    </div>
  );
}

export interface GuideHomeProps {
  articles: readonly GuideArticleSummary[];
  templates: readonly GuideTemplate[];
  loader?: GuideContentLoader;
}

export function GuideHome({ articles, templates, loader = guideContentLoader }: GuideHomeProps) {
  const themesOn = useFeatureFlag('FLAG_TRELLI_GUIDE_THEMES_V1');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const addressQuery = params.get('q') ?? '';
  // The field holds what was typed; the address follows it. Were the field to show the address, each
  // key would wait for the router's navigation, and keys typed 5 ms apart (dictation, macros) were
  // lost or reordered. A navigation from elsewhere (Back, a link) still sets the field.
  const [field, setField] = useState({ text: addressQuery, locationKey: location.key });
  let query = field.text;
  if (field.locationKey !== location.key) {
    const typedHere = (location.state as { typedInSearch?: boolean } | null)?.typedInSearch === true;
    query = typedHere ? field.text : addressQuery;
    setField({ text: query, locationKey: location.key });
  }
  const themeParam = params.get('theme');
  const theme = themesOn && isTheme(themeParam) ? themeParam : null;
  const content = useGuideContent(loader);
  const search = useMemo(() => createGuideSearch(articles, content.content), [articles, content.content]);
  const results = useMemo(() => search.search(query), [search, query]);
  const searchId = useId();
  const hintId = useId();
  const searching = query.trim() !== '';

  const setQuery = (value: string) => {
    setField((current) => ({ ...current, text: value }));
    const next = new URLSearchParams(params);
    if (value === '') next.delete('q');
    else next.set('q', value);
    // Typing replaces the entry, so Back leaves the guide instead of undoing one letter at a time.
    setParams(next, { replace: true, state: { typedInSearch: true } });
  };

  return (
    <div className="grid gap-8">
      <div className="grid max-w-3xl gap-2">
        <h1 className="text-3xl font-bold text-ink">Guide</h1>
        <p className="text-ink-muted">
          Short, practical reads in plain language: about five minutes each, with checklists to take into meetings.
        </p>
      </div>

      <div className="grid max-w-2xl gap-2">
        <form role="search" aria-label="Search the guide" onSubmit={(event) => event.preventDefault()} className="grid gap-1.5">
          <label htmlFor={searchId} className="font-semibold text-ink">
            Search the guide
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="For example: evaluation, homework, sleep"
            aria-describedby={hintId}
            autoComplete="off"
            enterKeyHint="search"
            className="w-full rounded-lg border border-ink/30 bg-white px-4 py-2.5 text-base text-ink"
          />
        </form>
        <div id={hintId} className="text-sm text-ink-muted">
          {content.status === 'failed' ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>The articles&apos; text could not load, so search looks at titles and summaries only.</span>
              <Button variant="link" size="sm" onClick={content.retry}>
                Try again
              </Button>
            </span>
          ) : content.status === 'loading' ? (
            'Searching titles and summaries while the articles load.'
          ) : (
            'Results appear as you type, and search works offline too.'
          )}
        </div>
        <p role="status" aria-live="polite" className={searching ? 'font-semibold text-ink' : 'sr-only'}>
          {searching ? resultCount(results.length, query.trim()) : ''}
        </p>
      </div>

      {searching ? (
        <section aria-labelledby="guide-results" className="grid gap-4">
          <h2 id="guide-results" className="sr-only">
            Search results
          </h2>
          {results.length === 0 ? <NoResults themes={themesOn} /> : <ArticleList articles={results} className={GRID} showTheme />}
        </section>
      ) : (
        <>
          <ForYouSection />
          {themesOn ? <ThemeSections articles={articles} current={theme} /> : <AllArticles articles={articles} />}
          <Templates templates={templates} />
        </>
      )}
    </div>
  );
}
