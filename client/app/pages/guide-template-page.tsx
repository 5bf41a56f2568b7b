import { useParams } from 'react-router-dom';
import { articles, templates } from 'virtual:guide-index';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useChildContext } from '../child-context.tsx';
import { useScreenTitle } from '../components/screen.tsx';
import { usePeople } from '../features/children/use-child-profile.ts';
import { TemplateNotFound, TemplateView } from '../features/guide/template-view.tsx';

const NO_PEOPLE: never[] = [];

/** /guide/templates/:id: a letter filled in from the child's record, to download as a PDF or copy. */
export default function GuideTemplatePage() {
  const { id } = useParams();
  const template = templates.find((candidate) => candidate.id === id);
  useScreenTitle(template ? template.title : 'Letter not found');
  const { selectedChild } = useChildContext();
  // The child's People fill in the parent's phone and offer the teachers as "To": read them first.
  const people = usePeople(selectedChild?.id ?? 0, selectedChild !== null && template !== undefined);
  if (!template) return <TemplateNotFound />;
  if (selectedChild && people.isPending) return <PageSpinner label="Loading the letter" />;
  const article = articles.find((candidate) => candidate.slug === template.article) ?? null;
  return <TemplateView key={template.id} template={template} article={article} people={people.data ?? NO_PEOPLE} />;
}
