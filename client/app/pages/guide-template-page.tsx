import { useParams } from 'react-router-dom';
import { articles, templates } from 'virtual:guide-index';
import { useScreenTitle } from '../components/screen.tsx';
import { TemplateNotFound, TemplateView } from '../features/guide/template-view.tsx';

/** /guide/templates/:id: a letter filled in from the child's record, to download as a PDF or copy. */
export default function GuideTemplatePage() {
  const { id } = useParams();
  const template = templates.find((candidate) => candidate.id === id);
  useScreenTitle(template ? template.title : 'Letter not found');
  if (!template) return <TemplateNotFound />;
  const article = articles.find((candidate) => candidate.slug === template.article) ?? null;
  return <TemplateView key={template.id} template={template} article={article} />;
}
