import { useParams } from 'react-router-dom';
import { articles, templates } from 'virtual:guide-index';
import { useScreenTitle } from '../components/screen.tsx';
import { ArticleNotFound, ArticleView } from '../features/guide/article-view.tsx';

/** /guide/:slug: one article of the guide, or a clear "not found" with the way back. */
export default function GuideArticlePage() {
  const { slug } = useParams();
  const article = articles.find((candidate) => candidate.slug === slug);
  useScreenTitle(article ? article.title : 'Article not found');
  if (!article) return <ArticleNotFound />;
  // A new key per article: its scroll, focus and state start afresh when a link inside leads to another.
  return <ArticleView key={article.slug} article={article} templates={templates.filter((template) => template.article === article.slug)} />;
}
