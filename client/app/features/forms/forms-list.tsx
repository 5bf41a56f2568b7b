import { Link } from 'react-router-dom';
import { formActions, type Form } from '#shared/schemas/form.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formEditPath } from '../../../lib/paths.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useChildForms } from './use-form-responses.ts';

function counted(count: number, one: string, many: string, none: string): string {
  if (count === 0) return none;
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

/** "3 questions · 1 open link · 2 answers waiting". */
export function formFactsText(form: Pick<Form, 'questions' | 'activeLinks' | 'pendingResponses'>): string {
  return [
    counted(form.questions.length, 'question', 'questions', 'No questions yet'),
    counted(form.activeLinks, 'open link', 'open links', 'No open link'),
    counted(form.pendingResponses, 'answer waiting', 'answers waiting', 'No answers waiting'),
  ].join(' · ');
}

function FormItem({ form }: { form: Form }) {
  const headingId = `form-${form.id}`;
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <h4 id={headingId} className="text-lg font-semibold wrap-anywhere text-ink">
        {form.title}
      </h4>
      <p className="text-sm text-ink">{formFactsText(form)}</p>
      <AddedBy author={form.addedBy} at={form.createdAt} />
      <RoleGate action={formActions.update}>
        <div>
          <Link to={formEditPath(form.id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Edit<span className="sr-only"> {form.title}</span>
          </Link>
        </div>
      </RoleGate>
    </article>
  );
}

/** The selected child's smart forms (a section under the page's "Smart forms" h2), newest first: questions, open links, answers waiting; Edit opens the editor. */
export function FormsList({ firstName }: { firstName: string }) {
  const forms = useChildForms();
  let body;
  if (forms.data) {
    body =
      forms.data.length === 0 ? (
        <p className="text-ink-muted">
          No form yet. A form asks a teacher or therapist a few questions about {firstName}&rsquo;s goals by a link; their answers come back
          here for you to approve.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {forms.data.map((form) => (
            <li key={form.id} className="grid min-w-0">
              <FormItem form={form} />
            </li>
          ))}
        </ul>
      );
  } else if (forms.isError) {
    body = <LoadFailed message="We could not load the forms just now." onRetry={() => void forms.refetch()} />;
  } else if (forms.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The forms will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label="Loading the forms" showLabel />;
  }
  return (
    <section aria-labelledby="forms-list-heading" className="grid min-w-0 gap-3">
      <h3 id="forms-list-heading" className="text-lg font-bold text-ink">
        {firstName}&rsquo;s forms
      </h3>
      {body}
    </section>
  );
}
