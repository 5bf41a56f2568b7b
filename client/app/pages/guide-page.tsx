import { useEffect } from 'react';
import { articles, templates } from 'virtual:guide-index';
import { GuideHome } from '../features/guide/guide-home.tsx';

/** /guide: search, "For you", the articles by theme and the letters to fill in (issue 13). */
export default function GuidePage() {
  // The article screen's code comes along now, so an article found by search opens offline too (decision 0067).
  useEffect(() => {
    void import('./guide-article-page.tsx');
  }, []);
  return <GuideHome articles={articles} templates={templates} />;
}
