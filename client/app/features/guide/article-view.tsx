import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { GUIDE_THEME_LABELS, type GuideArticleSummary, type GuideTemplate } from '#shared/guide.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { BackToGuide, minutesLabel, TemplateList } from './guide-cards.tsx';
import { guideContentLoader, useGuideContent, type GuideContentLoader } from './guide-content-loader.ts';
import './guide.css';

/** The article's body: a link to another screen of Trelli stays in the app; others open in a new tab (the build marks them). */
function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const followInside = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest('a');
      const href = link?.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//') || link?.getAttribute('target')) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
  return (
    // The click handler only routes clicks on the links inside; the links themselves are the keyboard's way in.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="guide-prose text-ink"
      onClick={followInside}
      // Safe only because the HTML is sanitised when the site is built (scripts/guide-content.ts,
      // sanitizeArticleHtml: text structure and links, no scripts, styles, attributes or images),
      // from Markdown files in this repository; nothing a user typed ever reaches it.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function ArticleNotFound() {
  return (
    <div className="grid max-w-2xl gap-4">
      <h1 className="text-3xl font-bold text-ink">We could not find that article</h1>
      <p className="text-ink">It may have moved or been renamed. Every article is listed in the guide, and you can search it.</p>
      <BackToGuide className="guide-no-print" />
    </div>
  );
}

export interface ArticleViewProps {
  article: GuideArticleSummary;
  /** The letters that go with this article. */
  templates: readonly GuideTemplate[];
  loader?: GuideContentLoader;
}

/** /guide/:slug: the title and summary at once (from the index), the text once its chunk is here. */
export function ArticleView({ article, templates, loader = guideContentLoader }: ArticleViewProps) {
  const content = useGuideContent(loader);
  const body = content.content?.[article.slug];

  return (
    <article className="guide-article grid max-w-3xl gap-6" aria-labelledby="guide-article-title">
      <BackToGuide className="guide-no-print" />
      <header className="grid gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{GUIDE_THEME_LABELS[article.theme]}</p>
        <h1 id="guide-article-title" className="text-3xl leading-tight font-bold text-ink sm:text-4xl">
          {article.title}
        </h1>
        <p className="text-lg text-ink">{article.summary}</p>
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-sm text-ink-muted">{minutesLabel(article.minutes)}</p>
          {body ? (
            <Button variant="outline" size="sm" className="guide-no-print" onClick={() => window.print()}>
              Print
            </Button>
          ) : null}
        </div>
      </header>

      {content.status === 'loading' ? (
        <Spinner size="medium" label="Loading the article" showLabel />
      ) : content.status === 'failed' ? (
        <div role="alert" className="rounded-2xl border border-amber-700 bg-amber-50 p-5">
          <LoadFailed
            message="The article's text could not load. Check your connection: it will try again by itself once you are back online."
            onRetry={content.retry}
          />
        </div>
      ) : body ? (
        <>
          <ArticleBody html={body.html} />
          {body.sources.length > 0 ? (
            <section aria-labelledby="guide-sources" className="guide-sources grid gap-2 border-t border-ink/10 pt-4">
              <h2 id="guide-sources" className="text-xl font-bold text-ink">
                Sources
              </h2>
              <ul className="grid list-disc gap-1 pl-6 text-ink">
                {body.sources.map((source) => (
                  <li key={source.url}>
                    <a href={source.url} target="_blank" rel="noreferrer" className="text-brand-800 underline underline-offset-4">
                      {source.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : (
        <p className="text-ink">This article has no text yet.</p>
      )}

      {templates.length > 0 ? (
        <section aria-labelledby="guide-article-letters" className="guide-no-print grid gap-3">
          <h2 id="guide-article-letters" className="text-xl font-bold text-ink">
            {templates.length === 1 ? 'A letter to go with it' : 'Letters to go with it'}
          </h2>
          <TemplateList templates={templates} className="grid gap-4 sm:grid-cols-2" />
        </section>
      ) : null}
      <BackToGuide className="guide-no-print" />
    </article>
  );
}
