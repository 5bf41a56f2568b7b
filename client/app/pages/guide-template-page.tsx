import { useParams, useSearchParams } from 'react-router-dom';
import { articles, templates } from 'virtual:guide-index';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useChildContext } from '../child-context.tsx';
import { useScreenTitle } from '../components/screen.tsx';
import { usePeople } from '../features/children/use-child-profile.ts';
import { TemplateNotFound, TemplateView } from '../features/guide/template-view.tsx';
import { useLetterExpense, useStrategiesInUse } from '../features/guide/use-guide.ts';

const NO_PEOPLE: never[] = [];

/** `?expenseId=12` as a number, or null when absent or not an id. */
function expenseIdOf(param: string | null): number | null {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/** /guide/templates/:id: a letter filled in from the child's record, to download as a PDF or copy. */
export default function GuideTemplatePage() {
  const { id } = useParams();
  const template = templates.find((candidate) => candidate.id === id);
  useScreenTitle(template ? template.title : 'Letter not found');
  const { selectedChild } = useChildContext();
  // The child's People fill in the parent's phone and offer the teachers as "To": read them first.
  const people = usePeople(selectedChild?.id ?? 0, selectedChild !== null && template !== undefined);
  // Only a template that uses them reads the strategies or the expense (the letter of medical necessity).
  const uses = (prefix: string) => template?.fields.some((field) => field.from?.startsWith(prefix)) ?? false;
  const strategies = useStrategiesInUse(selectedChild !== null && uses('child.strategies'));
  const [search] = useSearchParams();
  const expenseId = uses('expense.') ? expenseIdOf(search.get('expenseId')) : null;
  const expense = useLetterExpense(selectedChild?.id ?? null, expenseId);
  if (!template) return <TemplateNotFound />;
  const loading =
    selectedChild !== null &&
    (people.isPending || (uses('child.strategies') && strategies.isPending) || (expenseId !== null && expense.isPending));
  if (loading) return <PageSpinner label="Loading the letter" />;
  const article = articles.find((candidate) => candidate.slug === template.article) ?? null;
  return (
    <TemplateView
      key={`${template.id}:${expenseId ?? ''}`}
      template={template}
      article={article}
      people={people.data ?? NO_PEOPLE}
      strategies={strategies.titles}
      expenseId={expenseId}
      expense={expense.data ?? null}
    />
  );
}
