import MiniSearch from 'minisearch';
import type { GuideArticleSummary } from '#shared/guide.ts';
import type { GuideContent } from './guide-content-loader.ts';

/*
 * The guide's search (decision 0067): MiniSearch in the browser, no server. Before the articles'
 * text has loaded it searches the index fields (title, keywords, summary); once the text is here the
 * index is built again with it.
 */

const FIELDS = ['title', 'keywords', 'summary', 'text'] as const;
type Field = (typeof FIELDS)[number];

const SEARCH_OPTIONS = {
  boost: { title: 3, keywords: 2, summary: 1.5, text: 1 } satisfies Record<Field, number>,
  prefix: true,
  fuzzy: 0.2,
};

export interface GuideSearch {
  /** Articles matching `query`, best first; every word must match, else any word. Empty for a blank query. */
  search(query: string): GuideArticleSummary[];
}

export function createGuideSearch(articles: readonly GuideArticleSummary[], content: GuideContent | null): GuideSearch {
  const bySlug = new Map(articles.map((article) => [article.slug, article]));
  const index = new MiniSearch<GuideArticleSummary>({
    idField: 'slug',
    fields: [...FIELDS],
    storeFields: [],
    extractField: (article, field) => {
      if (field === 'keywords') return article.keywords.join(' ');
      if (field === 'text') return content?.[article.slug]?.text ?? '';
      return String(article[field as keyof GuideArticleSummary] ?? '');
    },
    searchOptions: SEARCH_OPTIONS,
  });
  index.addAll(articles);

  return {
    search(query) {
      const trimmed = query.trim();
      if (trimmed === '') return [];
      let results = index.search(trimmed, { combineWith: 'AND' });
      if (results.length === 0) results = index.search(trimmed, { combineWith: 'OR' });
      return results.flatMap((result) => {
        const article = bySlug.get(String(result.id));
        return article ? [article] : [];
      });
    },
  };
}
